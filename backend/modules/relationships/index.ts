export { RelationshipsModule } from './relationships.module';
export { RelationshipsQuery } from './ports/relationships.port';
export { RelationshipsService } from './relationships.service';
export * from './events';
