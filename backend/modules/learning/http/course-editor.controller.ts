import { CurrentSession, requestMeta, type SignedIn, SignedInGuard } from '@modules/identity';
import { Controller, Get, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import { DomainError } from '@platform/decider';
import { ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';

import { CoursesService } from '../courses.service';
import { LEARNING_MESSAGES as M } from '../limits';
import { courseNotFound } from '../queries/course-detail.queries';
import { VendorCoursesQueries } from '../queries/vendor-courses.queries';
import { TeachersService } from '../teachers.service';
import type { CourseDraft } from '../views';
import { type CourseBody, type CoursePatchBody, createCourseSchema, patchCourseSchema } from './course.schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Course ids are UUIDs: anything else is a course that does not exist. */
const courseId = (id: string) => {
  if (!UUID.test(id)) throw courseNotFound();
  return id.toLowerCase();
};

/** A teacher's course editor (spec part 2 §2, §3, §6): create, edit, publish, unpublish, and their list. */
@Controller()
@UseGuards(SignedInGuard)
export class CourseEditorController {
  constructor(
    private readonly courses: CoursesService,
    private readonly teachers: TeachersService,
    private readonly drafts: VendorCoursesQueries,
  ) {}

  @Post('api/courses')
  @HttpCode(201)
  async create(
    @CurrentSession() session: SignedIn,
    @ZodBody(createCourseSchema) body: CourseBody,
    @Req() request: FastifyRequest,
  ) {
    const id = await this.courses.create(session.user.id, body, requestMeta(request, session.user.id));
    return { id };
  }

  @Patch('api/courses/:id')
  async edit(
    @CurrentSession() session: SignedIn,
    @Param('id') id: string,
    @ZodBody(patchCourseSchema) body: CoursePatchBody,
    @Req() request: FastifyRequest,
  ) {
    await this.courses.edit(session.user.id, courseId(id), body, requestMeta(request, session.user.id));
    return this.draft(session.user.id, courseId(id));
  }

  @Post('api/courses/:id/publish')
  @HttpCode(200)
  async publish(@CurrentSession() session: SignedIn, @Param('id') id: string, @Req() request: FastifyRequest) {
    await this.courses.publish(session.user.id, courseId(id), requestMeta(request, session.user.id));
    return this.draft(session.user.id, courseId(id));
  }

  @Post('api/courses/:id/unpublish')
  @HttpCode(200)
  async unpublish(@CurrentSession() session: SignedIn, @Param('id') id: string, @Req() request: FastifyRequest) {
    await this.courses.unpublish(session.user.id, courseId(id), requestMeta(request, session.user.id));
    return this.draft(session.user.id, courseId(id));
  }

  @Get('api/vendor/courses')
  async list(@CurrentSession() session: SignedIn) {
    if (!(await this.teachers.isTeacher(session.user.id))) throw new DomainError('NOT_A_TEACHER', M.vendorsOnly, 403);
    return this.drafts.list(session.user.id);
  }

  @Get('api/vendor/courses/:id')
  async get(@CurrentSession() session: SignedIn, @Param('id') id: string) {
    return this.draft(session.user.id, courseId(id));
  }

  /** The editor's preview of a lesson video the member uploaded (anyone else's, or no video: 404). */
  @Get('api/vendor/media/:id')
  async lessonVideo(@CurrentSession() session: SignedIn, @Param('id') id: string) {
    const preview = await this.drafts.lessonVideo(session.user.id, id);
    if (!preview) throw new DomainError('MEDIA_NOT_FOUND', M.lessonVideoNotFound, 404);
    return preview;
  }

  private async draft(userId: string, id: string): Promise<CourseDraft> {
    const doc = await this.drafts.doc(id);
    if (!doc) throw courseNotFound();
    if (doc.teacherId !== userId) throw new DomainError('NOT_COURSE_TEACHER', M.notCourseTeacher, 403);
    return (await this.drafts.drafts([doc], userId))[0]!;
  }
}
