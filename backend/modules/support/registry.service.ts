import { Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import type { CommandMetadata } from '@platform/decider/handle-command';
import { newId } from '@platform/ids';

import { auditorRegistryDecider } from './domain/auditor-registry.decider';
import type { Edits } from './domain/edits';
import { orphanRegistryDecider } from './domain/orphan-registry.decider';
import { AUDITOR_REGISTRY_STREAM, type AuditorFields, ORPHAN_REGISTRY_STREAM, type OrphanFields } from './events';

const now = () => new Date().toISOString();

/** Admins keep the orphan registry and the auditors list (input checked by the controllers' schemas). */
@Injectable()
export class RegistryService {
  constructor(private readonly commands: CommandExecutor) {}

  async registerOrphan(actorId: string, fields: OrphanFields, meta: CommandMetadata): Promise<string> {
    const orphanId = newId();
    await this.commands.execute(
      ORPHAN_REGISTRY_STREAM,
      orphanRegistryDecider,
      { type: 'RegisterOrphan', orphanId, fields, actorId, now: now() },
      meta,
    );
    return orphanId;
  }

  async editOrphan(actorId: string, orphanId: string, changes: Edits<OrphanFields>, meta: CommandMetadata) {
    await this.commands.execute(
      ORPHAN_REGISTRY_STREAM,
      orphanRegistryDecider,
      { type: 'EditOrphan', orphanId, changes, actorId, now: now() },
      meta,
    );
  }

  async addAuditor(actorId: string, fields: AuditorFields, meta: CommandMetadata): Promise<string> {
    const auditorId = newId();
    await this.commands.execute(
      AUDITOR_REGISTRY_STREAM,
      auditorRegistryDecider,
      { type: 'AddAuditor', auditorId, fields, actorId, now: now() },
      meta,
    );
    return auditorId;
  }

  async editAuditor(actorId: string, auditorId: string, changes: Edits<AuditorFields>, meta: CommandMetadata) {
    await this.commands.execute(
      AUDITOR_REGISTRY_STREAM,
      auditorRegistryDecider,
      { type: 'EditAuditor', auditorId, changes, actorId, now: now() },
      meta,
    );
  }

  async removeAuditor(actorId: string, auditorId: string, meta: CommandMetadata) {
    await this.commands.execute(
      AUDITOR_REGISTRY_STREAM,
      auditorRegistryDecider,
      { type: 'RemoveAuditor', auditorId, actorId, now: now() },
      meta,
    );
  }
}
