import type { ModerationOutcome } from '@contract';
import { IdentityService } from '@modules/identity';
import { CommentsService, PostsService } from '@modules/social';
import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor, type CommandMetadata, DomainError, fold, type StreamDecision } from '@platform/decider';
import type { EventStore } from '@platform/event-store/event-store.port';
import type { ReadModels } from '@platform/read-models';
import { EVENT_STORE, READ_MODELS } from '@platform/tokens';
import type { UserDoc } from '@projections/identity';
import { REPORT_GROUPS, type ReportGroupDoc, reportGroupId } from '@projections/moderation';

import { type CaseCommand, caseDecider } from './domain/case.decider';
import { caseStream, type ModerationAction, type ModerationCaseEvent, type ReportTargetType } from './events';
import { MODERATION_MESSAGES as M } from './limits';
import { memberFacts } from './target-facts';

export interface ActionInput {
  targetType: ReportTargetType;
  targetId: string;
  action: ModerationAction;
  reason: string;
  until?: string | null | undefined;
}

/**
 * Moderators' actions. Each is one `ModerationActionTaken` on the target's moderation stream (who,
 * why, and the reporters it answers), appended in one transaction with the target's own event where
 * it has one: `PostHidden`/`PostRestored`/`PostAppealRejected` (social), `CommentDeleted` (social),
 * `MemberSuspended`/`MemberUnsuspended` (identity). The owning module decides that event with its own decider.
 */
@Injectable()
export class ModerationService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly commands: CommandExecutor,
    private readonly posts: PostsService,
    private readonly comments: CommentsService,
    private readonly identity: IdentityService,
  ) {}

  async act(moderator: UserDoc, input: ActionInput, meta: CommandMetadata): Promise<ModerationOutcome> {
    const { targetType, targetId, action } = input;
    const now = new Date().toISOString();
    // Who to tell and what it answers: the reporters and reports of the target's open round in the queue.
    const group = await this.readModels
      .collection<ReportGroupDoc>(REPORT_GROUPS)
      .get(reportGroupId(targetType, targetId));
    const open = group?.status === 'open' ? group : null;
    const caseId = caseStream(targetType, targetId);
    const history = await this.eventStore.readStream(caseId);
    const state = fold(
      caseDecider,
      history.map((e) => ({ type: e.type, data: e.data }) as ModerationCaseEvent),
    );
    const command: CaseCommand = {
      type: 'RecordAction',
      targetType,
      targetId,
      action,
      moderatorId: moderator.id,
      reason: input.reason,
      until: input.until ?? null,
      subjectId: null,
      reporterIds: open?.reporterIds ?? [],
      // A queue entry written before the projector kept report ids has none until its rebuild.
      reportIds: open?.reportIds ?? [],
      openReports: open?.count ?? 0,
      now,
    };
    // The record is decided first: it checks the reason and the time before the target is touched.
    const [checked] = caseDecider.decide(state, command);
    const { decision, subjectId } = await this.targetDecision(moderator, checked!.data);
    const [record] = caseDecider.decide(state, { ...command, subjectId });
    const decisions: StreamDecision[] = [
      ...(decision ? [decision] : []),
      { streamId: caseId, events: [record!], expectedVersion: history.at(-1)?.streamVersion ?? 'no_stream' },
    ];
    await this.commands.executeMany(decisions, meta, { waitFor: ['moderation', 'notifications'] });
    const d = record!.data;
    return {
      targetType,
      targetId,
      action,
      moderatorId: d.moderatorId,
      reason: d.reason,
      at: d.at,
      notified: d.reporterIds.length,
      reportIds: d.reportIds ?? [],
    };
  }

  /** The target's own event, decided by the module that owns it, and the member it concerns. */
  private async targetDecision(
    moderator: UserDoc,
    d: ModerationCaseEvent['data'],
  ): Promise<{ decision: StreamDecision | null; subjectId: string | null }> {
    switch (d.action) {
      case 'hide':
      case 'restore':
      case 'reject_appeal': {
        const { authorId, ...decision } = await this.posts.decideModeration(
          moderator,
          d.targetId,
          d.action,
          d.reason,
          d.at,
        );
        return { decision, subjectId: authorId };
      }
      case 'delete': {
        const { authorId, ...decision } = await this.comments.decideModeration(moderator, d.targetId, d.reason);
        return { decision, subjectId: authorId };
      }
      case 'suspend':
      case 'unsuspend': {
        const decision = await this.identity.decideSuspension(
          moderator,
          d.targetId,
          d.action === 'suspend'
            ? { suspend: true, until: d.until!, reason: d.reason }
            : { suspend: false, reason: d.reason },
        );
        return { decision, subjectId: d.targetId };
      }
      case 'warn':
        if (!(await memberFacts(this.eventStore, d.targetId)))
          throw new DomainError('USER_NOT_FOUND', M.userNotFound, 404);
        return { decision: null, subjectId: d.targetId };
      case 'dismiss':
        return { decision: null, subjectId: d.targetType === 'user' ? d.targetId : null };
    }
  }
}
