import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import type { Logger } from '@platform/logging';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { appendsOf } from './append-witness.hook';
import { errorBody } from './http-error';
import { knownError } from './known-error';
import { isSourceMapPath } from './source-maps';

/** What a request whose events were appended answers when something fails afterwards. */
export const ACCEPTED_AFTER_APPEND = {
  accepted: true,
  message: 'Saved. It may take a moment to show everywhere.',
} as const;

/**
 * Every failure leaves as `{ error, message, code }` with the right status; unexpected errors are
 * logged with the request id and never show a stack to the client. Unknown GET paths outside /api
 * get the web app (its router draws the 404 page), except source maps (source-maps.ts). A
 * server-side failure (5xx) after the request's events were appended answers 202
 * ACCEPTED_AFTER_APPEND instead: the write stands, and a client told it failed would try again and
 * write it twice.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly spaIndex: string | null;

  constructor(
    private readonly logger: Logger,
    frontendDist: string | null,
  ) {
    this.spaIndex = frontendDist && existsSync(join(frontendDist, 'index.html')) ? frontendDist : null;
  }

  catch(exception: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const known = knownError(exception);
    if (known && known.status >= 500 && this.appended(request)) return this.accepted(request, exception, reply);
    if (known?.status === 503) this.logger.warn({ err: exception, reqId: request.id, url: request.url }, 'unavailable');
    if (known) return reply.status(known.status).headers(known.headers).send(known.body);
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status >= 500 && this.appended(request)) return this.accepted(request, exception, reply);
      if (status === 404 && this.servesSpa(request)) {
        return reply.type('text/html').sendFile('index.html', this.spaIndex!);
      }
      return reply.status(status).send(bodyOf(exception, status));
    }
    const fastifyStatus = (exception as { statusCode?: number })?.statusCode;
    if ((exception as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE') {
      // The upload plugin's own ceiling (100 MB): the spec's words for it.
      return reply.status(413).send(errorBody(413, 'File too large', 'FILE_TOO_LARGE'));
    }
    if (exception instanceof Error && MALFORMED_MULTIPART.test(exception.message)) {
      // busboy's parse errors of a broken multipart body (no boundary, cut short): the client's fault.
      return reply.status(400).send(errorBody(400, 'The form could not be read', 'MALFORMED_FORM'));
    }
    if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported type).
      return reply.status(fastifyStatus).send(errorBody(fastifyStatus, (exception as Error).message));
    }
    if (this.appended(request)) return this.accepted(request, exception, reply);
    this.logger.error({ err: exception, reqId: request.id, url: request.url }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'Something went wrong. Please try again.'));
  }

  /** The request appended events and none of its appends failed: what it wrote stands. */
  private appended(request: FastifyRequest) {
    const appends = appendsOf(request);
    return !!appends && appends.appended > 0 && !appends.failed;
  }

  private accepted(request: FastifyRequest, exception: unknown, reply: FastifyReply) {
    this.logger.warn(
      { err: exception, reqId: request.id, url: request.url },
      'failed after its events were appended: answered 202',
    );
    return reply.status(202).send(ACCEPTED_AFTER_APPEND);
  }

  private servesSpa(request: FastifyRequest) {
    return (
      this.spaIndex !== null &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api' &&
      !request.url.startsWith('/socket.io') &&
      !isSourceMapPath(request.url)
    );
  }
}

const MALFORMED_MULTIPART =
  /^(Unexpected end of (form|file|multipart data)|Malformed part header|Multipart: Boundary not found|Part terminated early)/;

function bodyOf(exception: HttpException, status: number) {
  const response = exception.getResponse();
  if (typeof response === 'string') return errorBody(status, response);
  const r = response as { message?: unknown; code?: unknown; error?: unknown };
  const message = Array.isArray(r.message)
    ? r.message.join('; ')
    : typeof r.message === 'string'
      ? r.message
      : undefined;
  return errorBody(status, message, typeof r.code === 'string' ? r.code : undefined);
}
