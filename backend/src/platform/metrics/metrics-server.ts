import Fastify, { type FastifyInstance } from 'fastify';

import { installHttpMetrics } from './http-metrics';
import { installOpsRoutes, type OpsDeps } from './ops-routes';

/**
 * /metrics and /api/ready on a port of their own (METRICS_PORT), for the processes without the
 * app's HTTP server (ROLE=projections, ROLE=workers) and for scrapers kept off the public port.
 */
export async function startMetricsServer(deps: OpsDeps, port: number, host: string): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  installHttpMetrics(server, deps.metrics);
  installOpsRoutes(server, deps, 'public');
  await server.listen({ port, host });
  return server;
}
