import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor, type CommandMetadata, DomainError } from '@platform/decider';
import { loadStream } from '@platform/decider/load-stream';
import type { EventStore } from '@platform/event-store/event-store.port';
import { newId } from '@platform/ids';
import { EVENT_STORE } from '@platform/tokens';

import { CommunityGate, postDecider, postStream } from '../social';
import { contentReportDecider } from './domain/report.decider';
import { contentReportStream, type ReportHistoryLink, type ReportTargetType } from './events';
import { MODERATION_MESSAGES as M } from './limits';
import { commentFacts, memberFacts, messageFacts } from './target-facts';

/** Reads after a report come from the report queue. */
const MODERATION = ['moderation'] as const;

/** Members report comments, members and messages (a post's report is social's `POST /api/posts/:id/report`). */
@Injectable()
export class ReportsService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly commands: CommandExecutor,
    private readonly communities: CommunityGate,
  ) {}

  async report(
    reporterId: string,
    targetType: Exclude<ReportTargetType, 'post'>,
    targetId: string,
    reason: string,
    meta: CommandMetadata,
  ): Promise<string> {
    const history = await this.reportable(reporterId, targetType, targetId);
    const reportId = newId();
    const report = { reportId, targetType, targetId, reporterId, reason, at: new Date().toISOString(), history };
    await this.commands.execute(
      contentReportStream(reportId),
      contentReportDecider,
      { type: 'FileReport', report },
      meta,
      { waitFor: MODERATION, newStream: true },
    );
    return reportId;
  }

  /** Refuses what cannot be reported; else the target's stream and version now (the report's history link). */
  private async reportable(
    reporterId: string,
    targetType: ReportTargetType,
    targetId: string,
  ): Promise<ReportHistoryLink> {
    switch (targetType) {
      case 'comment': {
        const comment = await commentFacts(this.eventStore, targetId);
        if (!comment) throw new DomainError('COMMENT_NOT_FOUND', M.commentNotFound, 404);
        // A comment in a private community exists only for its members (and is reported by them).
        const { state: post } = await loadStream(this.eventStore, postStream(comment.postId), postDecider);
        await this.communities.assertReadable(post.community, reporterId).catch(() => {
          throw new DomainError('COMMENT_NOT_FOUND', M.commentNotFound, 404);
        });
        return comment.history;
      }
      case 'user': {
        if (targetId === reporterId) throw new DomainError('VALIDATION_FAILED', M.selfReport, 400);
        const member = await memberFacts(this.eventStore, targetId);
        if (!member) throw new DomainError('USER_NOT_FOUND', M.userNotFound, 404);
        return member.history;
      }
      case 'message': {
        // Only its recipient can report a message: nobody else has read it.
        const message = await messageFacts(this.eventStore, targetId);
        if (!message || message.receiverId !== reporterId)
          throw new DomainError('MESSAGE_NOT_FOUND', M.messageNotFound, 404);
        return message.history;
      }
      case 'post':
        throw new DomainError('VALIDATION_FAILED', M.notReportable, 400);
    }
  }
}
