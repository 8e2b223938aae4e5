import type { RelationshipView } from '@contract';
import { Injectable } from '@nestjs/common';

import { CommandExecutor } from '../../src/platform/decider/command-executor';
import { type CommandMetadata, commandTime } from '../../src/platform/decider/handle-command';
import { type RelationshipAction, relationshipDecider, viewOf } from './domain/relationship.decider';
import { relationshipStream } from './events';
import { MemberDirectoryQueries } from './queries/member-directory.queries';

/** The profiles projector owns the relationships read model; the caller's next read needs it. */
export const RELATIONSHIPS_READ_MODELS = ['profiles'] as const;

export type { RelationshipView };

/** Follow, block and mute commands, one pair stream each. */
@Injectable()
export class RelationshipsService {
  constructor(
    private readonly commands: CommandExecutor,
    private readonly members: MemberDirectoryQueries,
  ) {}

  async act(
    action: RelationshipAction,
    actorId: string,
    targetId: string,
    meta: CommandMetadata,
  ): Promise<RelationshipView> {
    // Self-actions are a 400 even though the member exists: let the decider say so first.
    if (actorId !== targetId) await this.members.assertExists(targetId);
    const { state } = await this.commands.execute(
      relationshipStream(actorId, targetId),
      relationshipDecider,
      { type: action, actorId, targetId, now: commandTime(meta) },
      { ...meta, actor: actorId },
      // A follow's notification is the other member's to read; a block or mute also changes what the
      // actor's own notifications show next, so those wait for every read model they change.
      action === 'Follow' || action === 'Unfollow'
        ? { readsNext: RELATIONSHIPS_READ_MODELS }
        : { waitFor: RELATIONSHIPS_READ_MODELS },
    );
    return viewOf(state, actorId, targetId);
  }
}
