export { RelationshipsModule } from './relationships.module';
export { RelationshipsQuery } from './relationships.query';
export { RelationshipsService } from './relationships.service';
export * from './events';
