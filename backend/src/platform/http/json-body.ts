import type { FastifyInstance } from 'fastify';

import { ApiError } from './api-error';
import { errorBody } from './http-error';
import { checkJsonShape, JSON_MAX_DEPTH } from './json-shape';
import { type RawBodyRequest, wantsRawBody } from './raw-body';

const MALFORMED = 'Request body is not valid JSON';

export interface JsonBodyLimits {
  /** Bytes; larger bodies answer 413 before they are read in full. */
  bodyLimit: number;
  /** Entries of one array or object (HTTP_JSON_MAX_ITEMS). */
  maxItems: number;
}

/**
 * JSON bodies, where an empty body counts as no body: the spec's clients send JSON headers on every
 * call, also on POSTs that carry nothing (like, follow, pin...), which Fastify's own parser refuses.
 * Every body's shape is checked on its bytes before it is parsed (json-shape.ts): too deep or too
 * many entries answers 400 without the body ever being turned into objects. Parsing is Fastify's own
 * (secure-json-parse), so a `__proto__` key is refused as it is by default. Payment webhooks (see
 * raw-body.ts) get their bytes on `request.rawBody` instead, after the same shape check.
 */
export function acceptEmptyJsonBodies(fastify: FastifyInstance, limits: JsonBodyLimits): void {
  const parse = fastify.getDefaultJsonParser('error', 'ignore');
  const shape = { maxDepth: JSON_MAX_DEPTH, maxItems: limits.maxItems };
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: limits.bodyLimit },
    (request, raw, done) => {
      const body = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
      const problem = checkJsonShape(body, shape);
      if (problem) return done(new ApiError(400, errorBody(400, problem.message, problem.code)), undefined);
      // A provider's signature is over these bytes: its handler reads them as they came, unparsed.
      if (wantsRawBody(request.url)) {
        (request as RawBodyRequest).rawBody = body;
        return done(null, undefined);
      }
      const text = body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      // Fastify's default parser is synchronous: it calls back before returning, and returns nothing.
      void parse(request, text, (err, value) => {
        if (err) return done(Object.assign(new Error(MALFORMED), { statusCode: 400, code: 'INVALID_JSON' }), undefined);
        done(null, value);
      });
    },
  );
}
