import { CurrentSession, IdentityService, requestMeta, resolveSession, type SignedIn } from '@modules/identity';
import {
  type CanActivate,
  Controller,
  type ExecutionContext,
  Get,
  Inject,
  Injectable,
  Param,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import { ApiError, enforceRateLimit, errorBody, requestLanguage, ZodBody } from '@platform/http';
import type { RateLimiter } from '@platform/rate-limit';
import { RATE_LIMITER } from '@platform/tokens';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { DonationsService } from '../donations.service';
import { DONATION_STARTS, SUPPORT_MESSAGES as M } from '../limits';
import type { DonateAnswer, DonationView } from '../views';
import { donateSchema } from './support.schemas';

/** Like SignedInGuard, with the support page's words for a guest (before the body is checked). */
@Injectable()
export class DonorGuard implements CanActivate {
  constructor(private readonly identity: IdentityService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (await resolveSession(this.identity, context.switchToHttp().getRequest<FastifyRequest>())) return true;
    throw new ApiError(401, errorBody(401, M.signInToDonate, 'NOT_AUTHENTICATED'));
  }
}

/** Donating (spec part 2 §4, §7) and the donor's polling of their donation. Members only. */
@Controller('api')
@UseGuards(DonorGuard)
export class DonationsController {
  constructor(
    private readonly donations: DonationsService,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Post('donate')
  async donate(
    @ZodBody(donateSchema) body: z.output<typeof donateSchema>,
    @CurrentSession() { user }: SignedIn,
    @Req() request: FastifyRequest,
  ): Promise<DonateAnswer> {
    await enforceRateLimit(this.limiter, `donate:${user.id}`, DONATION_STARTS);
    return this.donations.donate(
      user.id,
      { ...body, language: requestLanguage(request) },
      requestMeta(request, user.id),
    );
  }

  @Get('donations/:id')
  donation(@Param('id') id: string, @CurrentSession() { user }: SignedIn): Promise<DonationView> {
    return this.donations.donation(user.id, id);
  }
}
