import { Controller, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ZodBody } from '@platform/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { CurrentSession, requestMeta, type SignedIn, SignedInGuard } from '../../identity';
import { courseIdParam, studentIdParam } from '../commerce-facts';
import { ReviewsService } from '../reviews.service';
import { replySchema, reviewSchema } from './commerce.schemas';

/** Writing and answering reviews (the list is GET /api/courses/:id/reviews, read from the reviews read model). */
@Controller('api/courses/:id/reviews')
@UseGuards(SignedInGuard)
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  /** 201 for a first review, 200 for an edit of it. */
  @Post()
  async write(
    @Param('id') id: string,
    @ZodBody(reviewSchema) body: z.output<typeof reviewSchema>,
    @CurrentSession() { user }: SignedIn,
    @Req() r: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { review, created } = await this.reviews.write(user.id, courseIdParam(id), body, requestMeta(r, user.id));
    reply.status(created ? 201 : 200);
    return review;
  }

  @Post(':studentId/reply')
  @HttpCode(200)
  reply(
    @Param('id') id: string,
    @Param('studentId') studentId: string,
    @ZodBody(replySchema) body: z.output<typeof replySchema>,
    @CurrentSession() { user }: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.reviews.reply(
      user.id,
      courseIdParam(id),
      studentIdParam(studentId),
      body.text,
      requestMeta(r, user.id),
    );
  }
}
