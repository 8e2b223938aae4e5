import { IdentityService, resolveSession } from '@modules/identity';
import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import { CourseDetailQueries } from '../queries/course-detail.queries';
import { CourseReviewsQueries } from '../queries/course-reviews.queries';

/** A course's reviews, newest first (GET only: writing and replying are the reviews service's). */
@Controller('api/courses/:id/reviews')
export class CourseReviewsController {
  constructor(
    private readonly courses: CourseDetailQueries,
    private readonly reviews: CourseReviewsQueries,
    private readonly identity: IdentityService,
  ) {}

  @Get()
  async list(@Param('id') id: string, @Query('cursor') cursor: unknown, @Req() request: FastifyRequest) {
    const viewer = await resolveSession(this.identity, request);
    const course = await this.courses.visible(id, viewer?.user.id ?? null);
    return this.reviews.page(course.id, typeof cursor === 'string' && cursor ? cursor : null);
  }
}
