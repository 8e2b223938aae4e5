import { Controller, Get, Header, Inject, Req, UseGuards } from '@nestjs/common';
import { SERVER_SECRET } from '@platform/tokens';
import type { FastifyRequest } from 'fastify';

import { cookieHints } from './cookie-hints';
import { CSRF_COOKIE, SESSION_COOKIE } from './cookie-names';
import { isValidCsrfToken } from './csrf-token';
import { DebugEndpointsGuard } from './debug-endpoints.guard';
import { redactHeaders } from './redact-headers';
import type { ServerSecret } from './server-secret';
import { isSecureTransport } from './transport';

/** The debug console's diagnostics (spec part 2, "Debug console"); health lives in the system module. */
@Controller('api/auth')
@UseGuards(DebugEndpointsGuard)
export class DebugController {
  constructor(@Inject(SERVER_SECRET) private readonly secret: ServerSecret) {}

  @Get('cookies-hint')
  @Header('Cache-Control', 'no-store')
  cookiesHint(@Req() request: FastifyRequest) {
    const fetchSite = request.headers['sec-fetch-site'];
    return cookieHints({
      cookieHeader: request.headers.cookie,
      csrfCookieValid: isValidCsrfToken(this.secret, request.cookies[CSRF_COOKIE], request.cookies[SESSION_COOKIE]),
      secureContext: isSecureTransport(request),
      fetchSite: typeof fetchSite === 'string' ? fetchSite : null,
      hostname: request.hostname,
    });
  }

  @Get('headers')
  @Header('Cache-Control', 'no-store')
  headers(@Req() request: FastifyRequest) {
    return {
      method: request.method,
      url: request.url,
      protocol: request.protocol,
      ip: request.ip,
      headers: redactHeaders(request.headers),
    };
  }
}
