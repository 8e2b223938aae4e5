import { Module, OnModuleInit } from '@nestjs/common';
import { AccountExportService, IdentityModule } from '../identity';
import { RelationshipsController } from './http/relationships.controller';
import { MemberDirectory } from './member-directory';
import { ReadModelRelationshipsQuery } from './read-model-relationships.query';
import { RelationshipsExport } from './relationships.export';
import { RelationshipsQuery } from './ports/relationships.port';
import { RelationshipsService } from './relationships.service';

/** Follows, blocks and mutes between members. */
@Module({
  imports: [IdentityModule],
  controllers: [RelationshipsController],
  providers: [
    RelationshipsService,
    MemberDirectory,
    RelationshipsExport,
    ReadModelRelationshipsQuery,
    { provide: RelationshipsQuery, useExisting: ReadModelRelationshipsQuery },
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
