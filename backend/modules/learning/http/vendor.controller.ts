import { CurrentSession, requestMeta, type SignedIn, SignedInGuard } from '@modules/identity';
import { Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { TeachersQueries } from '../queries/teachers.queries';
import { TeachersService } from '../teachers.service';
import { applicationSchema } from './teacher.schemas';

/** A member's teacher application and its standing (spec part 2 §2 Become a teacher, §7). */
@Controller('api/vendor')
@UseGuards(SignedInGuard)
export class VendorController {
  constructor(
    private readonly teachers: TeachersService,
    private readonly queries: TeachersQueries,
  ) {}

  @Post('register')
  @HttpCode(201)
  async register(
    @CurrentSession() session: SignedIn,
    @ZodBody(applicationSchema) body: z.output<typeof applicationSchema>,
    @Req() request: FastifyRequest,
  ) {
    await this.teachers.apply(session.user.id, body, requestMeta(request, session.user.id));
    return this.queries.status(session.user);
  }

  @Get('status')
  status(@CurrentSession() session: SignedIn) {
    return this.queries.status(session.user);
  }
}
