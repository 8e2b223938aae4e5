import type { FastifyInstance } from 'fastify';

import { errorBody } from '../http/http-error';
import type { AppMetrics } from './app-metrics';
import { bearerMatches } from './metrics-token';
import { checkReadiness, type ReadinessDeps, READY_RETRY_AFTER_SECONDS } from './readiness';

export interface OpsDeps {
  metrics: AppMetrics;
  readiness: ReadinessDeps;
}

/**
 * Who may read /metrics: `public` on METRICS_PORT (kept off the public network); on the app's port
 * only a scraper with `Authorization: Bearer <metricsToken>`, and nobody when no token is set.
 */
export type MetricsAccess = 'public' | { metricsToken: string | null };

/**
 * GET /metrics (Prometheus text) and GET /api/ready, as plain Fastify routes: GETs pass the CSRF
 * hook, no rate limit applies, and neither needs a session. Mounted on the app's server, or on the
 * metrics port of a process without one (METRICS_PORT).
 */
export function installOpsRoutes(fastify: FastifyInstance, deps: OpsDeps, access: MetricsAccess): void {
  fastify.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (access !== 'public') {
      // Without a token the route answers like an unknown path: nothing to find on the public port.
      if (!access.metricsToken) return reply.code(404).send(errorBody(404, 'Cannot GET /metrics'));
      if (!bearerMatches(request.headers.authorization, access.metricsToken))
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send(errorBody(401, 'A valid metrics token is required'));
    }
    const text = await deps.metrics.text();
    return reply.type(deps.metrics.contentType).send(text);
  });
  fastify.get('/api/ready', async (_request, reply) => {
    const answer = await checkReadiness(deps.readiness);
    reply.header('cache-control', 'no-store');
    if (!answer.ready) reply.code(503).header('retry-after', String(READY_RETRY_AFTER_SECONDS));
    return answer.body;
  });
}
