import { Module, OnModuleInit } from '@nestjs/common';

import { AccountExportService, IdentityModule } from '../identity';
import { RelationshipsController } from './http/relationships.controller';
import { RelationshipsQuery } from './ports/relationships.port';
import { MemberDirectoryQueries } from './queries/member-directory.queries';
import { ReadModelRelationships } from './queries/relationships.queries';
import { RelationshipsExport } from './relationships.export';
import { RelationshipsService } from './relationships.service';

/** Follows, blocks and mutes between members. */
@Module({
  imports: [IdentityModule],
  controllers: [RelationshipsController],
  providers: [
    RelationshipsService,
    MemberDirectoryQueries,
    RelationshipsExport,
    ReadModelRelationships,
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
