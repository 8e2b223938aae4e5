import type { FastifyInstance } from 'fastify';

import { type RawBodyRequest, wantsRawBody } from './raw-body';

const MALFORMED = 'Request body is not valid JSON';

/**
 * JSON bodies, where an empty body counts as no body: the spec's clients send JSON headers on every
 * call, also on POSTs that carry nothing (like, follow, pin...), which Fastify's own parser refuses.
 * Payment webhooks (see raw-body.ts) get their bytes on `request.rawBody` instead.
 */
export function acceptEmptyJsonBodies(fastify: FastifyInstance, bodyLimit: number): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    // A provider's signature is over these bytes: its handler reads them as they came, unparsed.
    if (wantsRawBody(request.url)) {
      (request as RawBodyRequest).rawBody = Buffer.isBuffer(body) ? body : Buffer.from(body);
      return done(null, undefined);
    }
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error(MALFORMED), { statusCode: 400, code: 'INVALID_JSON' }), undefined);
    }
  });
}
