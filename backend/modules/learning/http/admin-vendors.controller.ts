import { CurrentSession, IdentityService, requestMeta, type SignedIn } from '@modules/identity';
import {
  type CanActivate,
  Controller,
  type ExecutionContext,
  Get,
  HttpCode,
  Injectable,
  Param,
  Post,
  Query,
  Req,
  UseGuards,
} from '@nestjs/common';
import { DomainError } from '@platform/decider';
import { ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { LEARNING_MESSAGES as M } from '../limits';
import { TeachersQueries } from '../queries/teachers.queries';
import { TeachersService } from '../teachers.service';
import type { VendorApplication, VendorApplicationStatus } from '../views';
import { admitStaff } from './staff-only';
import { rejectionSchema } from './teacher.schemas';

const STATUSES: readonly string[] = ['pending', 'approved', 'rejected'];

/** Staff only, decided before the body is read: a member is told 403 whatever they sent. */
@Injectable()
export class ApplicationReviewersGuard implements CanActivate {
  constructor(private readonly identity: IdentityService) {}

  canActivate(context: ExecutionContext): Promise<boolean> {
    return admitStaff(this.identity, context, M.moderatorsOnly);
  }
}

/** Moderators review teacher applications (spec part 2 §6): approving makes the member a vendor. */
@Controller('api/admin/vendors')
@UseGuards(ApplicationReviewersGuard)
export class AdminVendorsController {
  constructor(
    private readonly teachers: TeachersService,
    private readonly queries: TeachersQueries,
  ) {}

  @Get()
  list(@Query('status') status: unknown) {
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
