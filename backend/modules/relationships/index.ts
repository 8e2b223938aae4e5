export * from './events';
export { type FollowState, RelationshipsQuery } from './ports/relationships.port';
export { RelationshipsModule } from './relationships.module';
export { RelationshipsService } from './relationships.service';
