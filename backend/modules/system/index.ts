export type { Health } from './queries/health.queries';
export { HealthQueries } from './queries/health.queries';
export { SystemModule } from './system.module';
export { APP_VERSION } from './version';
