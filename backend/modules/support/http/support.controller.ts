import { IdentityService, requestMeta, resolveSession } from '@modules/identity';
import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import { enforceRateLimit, parseBody } from '@platform/http';
import type { RateLimiter } from '@platform/rate-limit';
import { RATE_LIMITER } from '@platform/tokens';
import type { FastifyRequest } from 'fastify';

import { DonationSettingsService } from '../donation-settings.service';
import { NOTIFY_SIGNUPS, SUPPORT_LIMITS as L, SUPPORT_MESSAGES as M } from '../limits';
import { guestEmail, NotifyService } from '../notify.service';
import { SupportQueries } from '../queries/support.queries';
import type { Auditor, DonationsStatus, LedgerPage, NotifyAnswer, Orphan } from '../views';
import { notifySchema } from './support.schemas';

/** The support page's public reads (spec part 2 §2 Support, §7) and its notify-me sign-up. */
@Controller('api')
export class SupportController {
  constructor(
    private readonly queries: SupportQueries,
    private readonly settings: DonationSettingsService,
    private readonly notify: NotifyService,
    private readonly identity: IdentityService,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Get('orphans')
  orphans(): Promise<Orphan[]> {
    return this.queries.orphanList();
  }

  @Get('auditors')
  auditors(): Promise<Auditor[]> {
    return this.queries.auditors();
  }

  @Get('donations/status')
  status(): Promise<DonationsStatus> {
    return this.settings.status();
  }

  @Get('donations/ledger')
  ledger(@Query('cursor') cursor: unknown, @Query('limit') limit: unknown): Promise<LedgerPage> {
    if (cursor !== undefined && typeof cursor !== 'string')
      throw new DomainError('INVALID_CURSOR', M.cursorInvalid, 400);
    return this.queries.ledger(cursor || null, pageLimit(limit));
  }

  /** A guest gives an address; a signed-in member gives none: their account's address is used. */
  @Post('notify/donations-open')
  @HttpCode(200)
  async subscribe(@Body() body: unknown, @Req() request: FastifyRequest): Promise<NotifyAnswer> {
    const { email } = parseBody(notifySchema, body ?? {});
    const session = await resolveSession(this.identity, request);
    await enforceRateLimit(this.limiter, `notify:${session ? session.user.id : `ip:${request.ip}`}`, NOTIFY_SIGNUPS);
    const address = session ? session.user.email : guestEmail(email);
    return this.notify.subscribe(address, session?.user.id ?? null, requestMeta(request, session?.user.id ?? null));
  }
}

function pageLimit(value: unknown): number {
  if (value === undefined || value === '') return L.ledgerPageDefault;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > L.ledgerPageMax)
    throw new DomainError('VALIDATION_FAILED', M.limitInvalid, 400);
  return n;
}
