import type { FastifyInstance } from 'fastify';

import type { AppMetrics } from './app-metrics';

/** Paths whose requests are not counted: the scrape itself. */
const NOT_COUNTED = new Set(['/metrics']);

/**
 * Counts and times every answered request by its route pattern (`/api/posts/:id`, never the raw
 * URL: ids would make a series per post and leak who looked at what). Requests no route matched
 * are one series, `unmatched`.
 */
export function installHttpMetrics(fastify: FastifyInstance, metrics: AppMetrics): void {
  fastify.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (NOT_COUNTED.has(route)) return;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}
