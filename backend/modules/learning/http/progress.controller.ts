import { Controller, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { CurrentSession, requestMeta, type SignedIn, SignedInGuard } from '../../identity';
import { courseIdParam } from '../commerce-facts';
import { ProgressService } from '../progress.service';
import { positionSchema } from './commerce.schemas';

/** An enrolled student's lessons done and resume position. */
@Controller('api/courses/:id/lessons/:lessonId')
@UseGuards(SignedInGuard)
export class ProgressController {
  constructor(private readonly progress: ProgressService) {}

  @Post('complete')
  @HttpCode(200)
  complete(
    @Param('id') id: string,
    @Param('lessonId') lessonId: string,
    @CurrentSession() { user }: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.progress.complete(user.id, courseIdParam(id), lessonId, requestMeta(r, user.id));
  }

  @Put('position')
  @HttpCode(204)
  async position(
    @Param('id') id: string,
    @Param('lessonId') lessonId: string,
    @ZodBody(positionSchema) body: z.output<typeof positionSchema>,
    @CurrentSession() { user }: SignedIn,
    @Req() r: FastifyRequest,
  ): Promise<void> {
    await this.progress.savePosition(user.id, courseIdParam(id), lessonId, body.seconds, requestMeta(r, user.id));
  }
}
