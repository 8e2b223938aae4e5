import { IdentityService, resolveSession } from '@modules/identity';
import { Controller, Get, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import { CourseDetailQueries } from '../queries/course-detail.queries';

/** The course page and the learning view (spec part 2 §2 /course/:id, /course/:id/learn). */
@Controller('api/courses/:id')
export class CourseDetailController {
  constructor(
    private readonly courses: CourseDetailQueries,
    private readonly identity: IdentityService,
  ) {}

  @Get()
  async detail(@Param('id') id: string, @Req() request: FastifyRequest) {
    const viewer = await resolveSession(this.identity, request);
    return this.courses.detail(id, viewer?.user.id ?? null);
  }

  @Get('learn')
  async learn(@Param('id') id: string, @Req() request: FastifyRequest) {
    const viewer = await resolveSession(this.identity, request);
    return this.courses.learn(id, viewer?.user.id ?? null);
  }
}
