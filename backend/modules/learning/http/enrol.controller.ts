import { Controller, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import { CurrentSession, requestMeta, type SignedIn, SignedInGuard } from '../../identity';
import { courseIdParam } from '../commerce-facts';
import { EnrolmentsService } from '../enrolments.service';

/** Spec part 2 §7: a free course is enrolled in, not bought. */
@Controller('api/course')
@UseGuards(SignedInGuard)
export class EnrolController {
  constructor(private readonly enrolments: EnrolmentsService) {}

  @Post(':id/enroll')
  enrol(@Param('id') id: string, @CurrentSession() { user }: SignedIn, @Req() r: FastifyRequest) {
    return this.enrolments.enrolFree(user.id, courseIdParam(id), requestMeta(r, user.id));
  }
}
