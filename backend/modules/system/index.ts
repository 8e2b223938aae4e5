export { SystemModule } from './system.module';
export { GetHealthQuery } from './get-health.query';
export type { Health } from './get-health.query';
export { APP_VERSION } from './version';
