export type { ProjectionsConsole } from './projections-console.port';
export type { ProjectionProgress, ReadModels } from './read-models.port';
export { PROJECTION_STATE_COLLECTION } from './read-models.port';
