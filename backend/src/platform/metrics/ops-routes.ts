import type { FastifyInstance } from 'fastify';

import type { AppMetrics } from './app-metrics';
import { checkReadiness, type ReadinessDeps, READY_RETRY_AFTER_SECONDS } from './readiness';

export interface OpsDeps {
  metrics: AppMetrics;
  readiness: ReadinessDeps;
}

/**
 * GET /metrics (Prometheus text) and GET /api/ready, as plain Fastify routes: GETs pass the CSRF
 * hook, no rate limit applies, and neither needs a session. Mounted on the app's server, or on the
 * metrics port of a process without one (METRICS_PORT).
 */
export function installOpsRoutes(fastify: FastifyInstance, deps: OpsDeps): void {
  fastify.get('/metrics', async (_request, reply) => {
    const text = await deps.metrics.text();
    return reply.header('cache-control', 'no-store').type(deps.metrics.contentType).send(text);
  });
  fastify.get('/api/ready', async (_request, reply) => {
    const answer = await checkReadiness(deps.readiness);
    reply.header('cache-control', 'no-store');
    if (!answer.ready) reply.code(503).header('retry-after', String(READY_RETRY_AFTER_SECONDS));
    return answer.body;
  });
}
