export { openReadModelChanges } from './open-read-model-changes';
export type { ProjectionsConsole } from './projections-console.port';
export type {
  ProjectorProgressNote,
  ReadModelChange,
  ReadModelChangeListener,
  ReadModelChangeMessage,
  ReadModelChanges,
} from './read-model-changes.port';
export type { ProjectionProgress, ReadModels } from './read-models.port';
export { PROJECTION_STATE_COLLECTION } from './read-models.port';
