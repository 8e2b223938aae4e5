import { IdentityService, requestMeta, resolveSession } from '@modules/identity';
import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import { enforceRateLimit, parseBody } from '@platform/http';
import type { RateLimiter } from '@platform/rate-limit';
import { RATE_LIMITER } from '@platform/tokens';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
    const asker = { userId: session?.user.id ?? null, verified: session?.user.isEmailVerified === true };
    return this.notify.subscribe(address, asker, requestMeta(request, asker.userId));
  }

  /** The link of the confirmation mail: from now on the address hears when donations open. */
  @Get('notify/donations-open/confirm')
  confirm(@Query('token') token: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const act = () => this.notify.confirm(token, requestMeta(request));
    return answerLink(request, reply, act, 'confirmed', M.notifyConfirmed);
  }

  /** The link in every notify-me mail: one click takes the address off the list. */
  @Get('notify/donations-open/unsubscribe')
  unsubscribe(@Query('token') token: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const act = () => this.notify.unsubscribe(token, requestMeta(request));
    return answerLink(request, reply, act, 'unsubscribed', M.notifyUnsubscribed);
  }
}

/**
 * A mail link is opened by a browser, which is sent on to the support page with the outcome
 * (`/support?notify=confirmed|unsubscribed|invalid-link`); anything else (a script, a test) gets
 * JSON: 200 `{message}`, or the error (400 for a token that is not one of ours, 404 for one that
 * names no link that was sent).
 */
async function answerLink(
  request: FastifyRequest,
  reply: FastifyReply,
  act: () => Promise<void>,
  outcome: 'confirmed' | 'unsubscribed',
  message: string,
) {
  const browser = /\btext\/html\b/.test(request.headers.accept ?? '');
  reply.header('Cache-Control', 'no-store');
  try {
    await act();
  } catch (err) {
    if (browser && err instanceof DomainError) return reply.redirect('/support?notify=invalid-link', 303);
    throw err;
  }
  return browser ? reply.redirect(`/support?notify=${outcome}`, 303) : reply.send({ message });
}

function pageLimit(value: unknown): number {
  if (value === undefined || value === '') return L.ledgerPageDefault;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > L.ledgerPageMax)
    throw new DomainError('VALIDATION_FAILED', M.limitInvalid, 400);
  return n;
}
