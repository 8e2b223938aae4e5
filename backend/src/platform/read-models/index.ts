export type { ProjectionProgress, ReadModels } from './read-models.port';
