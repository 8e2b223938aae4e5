import { Controller, Get, Header, Inject, Req, Res } from '@nestjs/common';
import { SERVER_SECRET } from '@platform/tokens';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { CSRF_COOKIE, SESSION_COOKIE } from './cookie-names';
import { setCsrfCookie } from './csrf-cookie';
import { issueCsrfToken, isValidCsrfToken } from './csrf-token';
import type { ServerSecret } from './server-secret';

@Controller('api/auth')
export class CsrfController {
  constructor(@Inject(SERVER_SECRET) private readonly secret: ServerSecret) {}

  /**
   * Keeps a valid token the browser already has for its current session: rotating it on every call
   * would break other open tabs that cached the old one. A token of another session (or of none)
   * is replaced by one bound to this one. The cookie is set again anyway, so it gains Secure on https.
   * `sessionCookie` says whether the request carried a session cookie at all (not whether it is still
   * valid): without one the web app knows the visitor is signed out and skips GET /api/auth/me, whose
   * 401 a browser logs as an error.
   */
  @Get('csrf')
  @Header('Cache-Control', 'no-store')
  csrf(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const existing = request.cookies[CSRF_COOKIE];
    const session = request.cookies[SESSION_COOKIE];
    const csrfToken = isValidCsrfToken(this.secret, existing, session)
      ? existing
      : issueCsrfToken(this.secret, session);
    setCsrfCookie(request, reply, csrfToken);
    return { csrfToken, sessionCookie: Boolean(session) };
  }
}
