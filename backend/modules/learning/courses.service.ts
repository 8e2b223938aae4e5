import { MediaQueries } from '@modules/media';
import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor, type CommandMetadata, commandTime, DomainError } from '@platform/decider';
import { loadStream } from '@platform/decider/load-stream';
import type { EventStore } from '@platform/event-store/event-store.port';
import { newId } from '@platform/ids';
import { EVENT_STORE } from '@platform/tokens';
import { probedLessonSeconds } from '@projections/learning';

import { courseDecider, type CourseState } from './domain/course.decider';
import type { CourseInput, CoursePatch, CourseSectionInput } from './domain/course-input';
import { courseStream } from './events';
import type { CourseBody, CoursePatchBody, SectionBody } from './http/course.schemas';
import { LEARNING_MESSAGES as M } from './limits';
import { TeachersService } from './teachers.service';

type MediaUse = { id: string; kind: 'image' | 'video'; message: string };

/**
 * Section and lesson ids: kept when the course already has them (so progress keeps pointing at its
 * lessons), made here otherwise, so the decider stays pure and a client cannot pick another's ids.
 */
function withIds(sections: SectionBody[], known: ReadonlySet<string>): CourseSectionInput[] {
  const keep = (id: string | undefined) => (id && known.has(id) ? id : newId());
  return sections.map((s) => ({
    id: keep(s.id),
    title: s.title,
    lessons: s.lessons.map((l) => ({ ...l, id: keep(l.id) })),
  }));
}

function curriculumIds(state: CourseState | null): Set<string> {
  const sections = state?.details?.sections ?? [];
  return new Set(sections.flatMap((s) => [s.id, ...s.lessons.map((l) => l.id)]));
}

function mediaOf(
  course: Pick<Partial<CourseInput>, 'thumbnailMediaId' | 'previewVideoMediaId' | 'sections'>,
): MediaUse[] {
  const uses: MediaUse[] = [];
  if (course.thumbnailMediaId) uses.push({ id: course.thumbnailMediaId, kind: 'image', message: M.thumbnailNotFound });
  if (course.previewVideoMediaId)
    uses.push({ id: course.previewVideoMediaId, kind: 'video', message: M.previewVideoNotFound });
  for (const s of course.sections ?? [])
    for (const l of s.lessons)
      if (l.content.kind === 'video')
        uses.push({ id: l.content.mediaId, kind: 'video', message: M.lessonVideoNotFound });
  return uses;
}

/** Creating, editing, publishing and unpublishing courses (spec part 2 §2, §3, §6). */
@Injectable()
export class CoursesService {
  constructor(
    private readonly commands: CommandExecutor,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly teachers: TeachersService,
    private readonly media: MediaQueries,
  ) {}

  async create(userId: string, body: CourseBody, meta: CommandMetadata): Promise<string> {
    const isTeacher = await this.teachers.isTeacher(userId);
    const sections = withIds(body.sections, new Set());
    const course: CourseInput = { ...body, sections: isTeacher ? await this.probed(userId, sections) : sections };
    if (isTeacher) await this.checkMedia(userId, mediaOf(course), new Set());
    const courseId = newId();
    await this.commands.execute(
      courseStream(courseId),
      courseDecider,
      { type: 'CreateCourse', courseId, actorId: userId, isTeacher, course, now: commandTime(meta) },
      meta,
    );
    return courseId;
  }

  async edit(userId: string, courseId: string, body: CoursePatchBody, meta: CommandMetadata): Promise<void> {
    const { state } = await loadStream(this.eventStore, courseStream(courseId), courseDecider);
    // Only the course's teacher learns anything about its media (the decider answers the rest).
    const teaches = !!state.details && state.teacherId === userId;
    const sections = body.sections && withIds(body.sections, curriculumIds(state));
    const patch: CoursePatch = {
      ...body,
      ...(sections ? { sections: teaches ? await this.probed(userId, sections) : sections } : {}),
    } as CoursePatch;
    if (state.details && teaches) {
      const current = new Set(mediaOf(state.details).map((m) => m.id));
      await this.checkMedia(userId, mediaOf(patch), current);
    }
    await this.commands.execute(
      courseStream(courseId),
      courseDecider,
      { type: 'EditCourse', actorId: userId, patch, now: new Date().toISOString() },
      meta,
    );
  }

  async publish(userId: string, courseId: string, meta: CommandMetadata): Promise<void> {
    await this.commands.execute(
      courseStream(courseId),
      courseDecider,
      { type: 'PublishCourse', actorId: userId, now: commandTime(meta) },
      meta,
    );
  }

  async unpublish(userId: string, courseId: string, meta: CommandMetadata): Promise<void> {
    await this.commands.execute(
      courseStream(courseId),
      courseDecider,
      { type: 'UnpublishCourse', actorId: userId, now: new Date().toISOString() },
      meta,
    );
  }

  /**
   * A video lesson lasts as long as its video, as the worker probed it: the duration sent counts for
   * text lessons only. A video not probed yet has 0 until its probe comes, which the catalogue then
   * gives the lesson (projections/learning/lesson-durations.ts).
   */
  private async probed(userId: string, sections: CourseSectionInput[]): Promise<CourseSectionInput[]> {
    const ids = sections.flatMap((s) =>
      s.lessons.flatMap((l) => (l.content.kind === 'video' ? [l.content.mediaId] : [])),
    );
    if (ids.length === 0) return sections;
    const lengths = new Map<string, number>();
    for (const doc of await this.media.visibleDocs([...new Set(ids)], userId))
      if (doc.kind === 'video' && doc.durationSeconds !== null)
        lengths.set(doc.id, probedLessonSeconds(doc.durationSeconds));
    return sections.map((s) => ({
      ...s,
      lessons: s.lessons.map((l) =>
        l.content.kind === 'video' ? { ...l, durationSec: lengths.get(l.content.mediaId) ?? 0 } : l,
      ),
    }));
  }

  /**
   * A course shows only its teacher's own uploads of the right kind that did not fail, as a video
   * draft does; items it already shows are not asked about again.
   */
  private async checkMedia(userId: string, uses: MediaUse[], already: ReadonlySet<string>) {
    for (const use of uses) {
      if (already.has(use.id)) continue;
      const item = await this.media.get(use.id);
      if (!item || item.ownerId !== userId || item.kind !== use.kind || item.status === 'failed')
        throw new DomainError('MEDIA_NOT_FOUND', use.message, 400);
    }
  }
}
