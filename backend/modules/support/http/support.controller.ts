import { IdentityService, requestMeta, resolveSession } from '@modules/identity';
import { Body, Controller, Get, Header, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import {
  assertOneClickBody,
  clientAddressKey,
  enforceRateLimit,
  isOneClickUnsubscribe,
  parseBody,
  requestLanguage,
} from '@platform/http';
import type { RateLimiter } from '@platform/rate-limit';
import { RATE_LIMITER } from '@platform/tokens';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { DonationSettingsService } from '../donation-settings.service';
import { NOTIFY_SIGNUPS, SUPPORT_LIMITS as L, SUPPORT_MESSAGES as M } from '../limits';
import { guestEmail, NotifyService } from '../notify.service';
import { CONFIRM_PAGE, UNSUBSCRIBE_PAGE } from '../notify-links';
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
    await enforceRateLimit(
      this.limiter,
      `notify:${session ? session.user.id : `ip:${clientAddressKey(request.ip)}`}`,
      NOTIFY_SIGNUPS,
    );
    const address = session ? session.user.email : guestEmail(email);
    const asker = { userId: session?.user.id ?? null, verified: session?.user.isEmailVerified === true };
    return this.notify.subscribe(address, asker, requestMeta(request, asker.userId), requestLanguage(request));
  }

  /**
   * The links' routes only read on GET: mail link scanners fetch every link in a mail, so a link
   * that acted by itself would confirm addresses nobody confirmed (defeating double opt-in) and
   * unsubscribe readers who never asked. The mails link to the web app's page, whose button POSTs;
   * a GET here (a link from a mail sent before, or a script) checks the token and writes nothing.
   */
  @Get('notify/donations-open/confirm')
  checkConfirm(@Query('token') token: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return answerLinkCheck(request, reply, () => this.notify.check('confirm', token), token, CONFIRM_PAGE);
  }

  @Get('notify/donations-open/unsubscribe')
  checkUnsubscribe(@Query('token') token: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return answerLinkCheck(request, reply, () => this.notify.check('unsubscribe', token), token, UNSUBSCRIBE_PAGE);
  }

  /** The confirmation page's button, `{token}` (with the CSRF token, like every write). */
  @Post('notify/donations-open/confirm')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async confirm(@Body() body: unknown, @Req() request: FastifyRequest): Promise<{ message: string }> {
    await this.notify.confirm(tokenIn(body), requestMeta(request));
    return { message: M.notifyConfirmed };
  }

  /**
   * The unsubscribe page's button, `{token}` with the CSRF token; or RFC 8058's one-click POST of a
   * mail provider to the URL of the mail's List-Unsubscribe header (`?token=`, form body
   * `List-Unsubscribe=One-Click`, no cookie, no CSRF token: see platform one-click-unsubscribe.ts).
   */
  @Post('notify/donations-open/unsubscribe')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async unsubscribe(
    @Body() body: unknown,
    @Query('token') queryToken: unknown,
    @Req() request: FastifyRequest,
  ): Promise<{ message: string }> {
    const oneClick = isOneClickUnsubscribe(request);
    if (oneClick) await assertOneClickBody(request);
    await this.notify.unsubscribe(oneClick ? queryToken : tokenIn(body), requestMeta(request));
    return { message: M.notifyUnsubscribed };
  }
}

/** The token of a button's JSON body; anything else is checked (and refused) as a bad token. */
function tokenIn(body: unknown): unknown {
  return typeof body === 'object' && body !== null ? (body as { token?: unknown }).token : undefined;
}

/**
 * A GET of a link: a browser (a click on a link from a mail sent before the pages existed) is sent
 * to the web app's page for that link, where a button acts; anything else gets the check as JSON,
 * 200 `{valid: true}` or the error the button would meet (400 not a token of ours, 404 no such link).
 */
async function answerLinkCheck(
  request: FastifyRequest,
  reply: FastifyReply,
  check: () => Promise<void>,
  token: unknown,
  page: string,
) {
  reply.header('Cache-Control', 'no-store');
  if (/\btext\/html\b/.test(request.headers.accept ?? '')) {
    const query = typeof token === 'string' ? `?token=${encodeURIComponent(token)}` : '';
    return reply.redirect(`${page}${query}`, 303);
  }
  await check();
  return reply.send({ valid: true });
}

function pageLimit(value: unknown): number {
  if (value === undefined || value === '') return L.ledgerPageDefault;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > L.ledgerPageMax)
    throw new DomainError('VALIDATION_FAILED', M.limitInvalid, 400);
  return n;
}
