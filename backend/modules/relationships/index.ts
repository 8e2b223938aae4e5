export { RelationshipsModule } from './relationships.module';
export { RelationshipsQuery } from './relationships.query';
export type { RelationshipEvent } from './domain/relationship.events';
export { RelationshipsService } from './relationships.service';
