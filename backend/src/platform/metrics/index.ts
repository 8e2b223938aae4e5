export { AppMetrics, type GaugeReading } from './app-metrics';
export { installHttpMetrics } from './http-metrics';
export { startMetricsServer } from './metrics-server';
export { installOpsRoutes, type MetricsAccess, type OpsDeps } from './ops-routes';
export { checkReadiness, type LagReading, type ReadinessDeps, READY_RETRY_AFTER_SECONDS } from './readiness';
export { timeAppends } from './timed-event-store';
