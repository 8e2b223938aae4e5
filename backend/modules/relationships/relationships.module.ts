import { Module, OnModuleInit } from '@nestjs/common';

import { AccountExportService, IdentityModule } from '../identity';
import { RelationshipsController } from './http/relationships.controller';
import { SuggestionsController } from './http/suggestions.controller';
import { RelationshipsQuery } from './ports/relationships.port';
import { MemberDirectoryQueries } from './queries/member-directory.queries';
import { ReadModelRelationships } from './queries/relationships.queries';
import { SuggestionsQueries } from './queries/suggestions.queries';
import { RelationshipsExport } from './relationships.export';
import { RelationshipsService } from './relationships.service';

/** Follows, blocks and mutes between members, and the people suggested to follow. */
@Module({
  imports: [IdentityModule],
  controllers: [RelationshipsController, SuggestionsController],
  providers: [
    RelationshipsService,
    MemberDirectoryQueries,
    RelationshipsExport,
    ReadModelRelationships,
    SuggestionsQueries,
    { provide: RelationshipsQuery, useExisting: ReadModelRelationships },
  ],
  exports: [RelationshipsQuery],
})
export class RelationshipsModule implements OnModuleInit {
  constructor(
    private readonly accountExport: AccountExportService,
    private readonly relationshipsExport: RelationshipsExport,
  ) {}

  onModuleInit() {
    this.accountExport.register('follows', (userId) => this.relationshipsExport.export(userId));
  }
}
