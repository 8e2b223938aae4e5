import { CurrentSession, isStaff, requestMeta, type SignedIn, SignedInGuard } from '@modules/identity';
import { Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { DomainError } from '@platform/decider';
import { ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { LEARNING_MESSAGES as M } from '../limits';
import { TeachersQueries } from '../queries/teachers.queries';
import { TeachersService } from '../teachers.service';
import type { VendorApplication, VendorApplicationStatus } from '../views';
import { rejectionSchema } from './teacher.schemas';

const STATUSES: readonly string[] = ['pending', 'approved', 'rejected'];
const forbidden = () => new DomainError('FORBIDDEN', M.moderatorsOnly, 403);
const reviewsApplications = (s: SignedIn) => isStaff(s.user.role);

/** Moderators review teacher applications (spec part 2 §6): approving makes the member a vendor. */
@Controller('api/admin/vendors')
@UseGuards(SignedInGuard)
export class AdminVendorsController {
  constructor(
    private readonly teachers: TeachersService,
    private readonly queries: TeachersQueries,
  ) {}

  @Get()
  list(@CurrentSession() session: SignedIn, @Query('status') status: unknown) {
    if (!reviewsApplications(session)) throw forbidden();
    if (status !== undefined && status !== '' && status !== 'all' && !STATUSES.includes(String(status)))
      throw new DomainError('VALIDATION_FAILED', M.badStatusFilter, 400);
    const wanted = STATUSES.includes(String(status)) ? (status as VendorApplicationStatus) : null;
    return this.queries.list(wanted);
  }

  @Post(':userId/approve')
  @HttpCode(200)
  async approve(@CurrentSession() session: SignedIn, @Param('userId') userId: string, @Req() request: FastifyRequest) {
    await this.teachers.approve(session.user, userId, requestMeta(request, session.user.id));
    return this.decided(userId);
  }

  @Post(':userId/reject')
  @HttpCode(200)
  async reject(
    @CurrentSession() session: SignedIn,
    @Param('userId') userId: string,
    @ZodBody(rejectionSchema) body: z.output<typeof rejectionSchema>,
    @Req() request: FastifyRequest,
  ) {
    await this.teachers.reject(session.user, userId, body.reason, requestMeta(request, session.user.id));
    return this.decided(userId);
  }

  private async decided(userId: string): Promise<VendorApplication> {
    const view = await this.queries.application(userId);
    if (!view) throw new DomainError('APPLICATION_NOT_FOUND', M.noApplication, 404);
    return view;
  }
}
