export { SystemModule } from './system.module';
export { HealthQueries } from './queries/health.queries';
export type { Health } from './queries/health.queries';
export { APP_VERSION } from './version';
