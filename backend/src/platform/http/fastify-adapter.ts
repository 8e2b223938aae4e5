import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { TrustProxy } from '@platform/config';
import { newId } from '@platform/ids';
import type { Logger } from '@platform/logging';

import { parseQueryString } from './query-string';

export const BODY_LIMIT = 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify as the app uses it: request ids kept from X-Request-Id when sane, pino logs, 1 MB bodies.
 * trustProxy (TRUST_PROXY) decides which hops' X-Forwarded-For/-Proto are believed: request.ip keys
 * the rate limits and request.protocol the Secure flag of cookies, so only the entries that the
 * trusted proxies wrote count, never one the client sent (config/trust-proxy.ts).
 * Query strings give one value per name (see parseQueryString).
 */
export function createFastifyAdapter(logger: Logger, trustProxy: TrustProxy): FastifyAdapter {
  if (trustProxy === true) {
    // Every address-keyed limit (sign-in throttling first) then counts whatever a client writes.
    logger.warn(
      { component: 'http' },
      'TRUST_PROXY=true believes the client-written X-Forwarded-For: any client can pick its address; set TRUST_PROXY to the number of proxies or their addresses',
    );
  }
  return new FastifyAdapter({
    loggerInstance: logger.child({ component: 'http' }),
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : newId();
    },
    bodyLimit: BODY_LIMIT,
    trustProxy,
    routerOptions: { querystringParser: parseQueryString },
  });
}
