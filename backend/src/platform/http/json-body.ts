import type { FastifyInstance } from 'fastify';

const MALFORMED = 'Request body is not valid JSON';

/**
 * JSON bodies, where an empty body counts as no body: the spec's clients send JSON headers on every
 * call, also on POSTs that carry nothing (like, follow, pin...), which Fastify's own parser refuses.
 */
export function acceptEmptyJsonBodies(fastify: FastifyInstance, bodyLimit: number): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error(MALFORMED), { statusCode: 400, code: 'INVALID_JSON' }), undefined);
    }
  });
}
