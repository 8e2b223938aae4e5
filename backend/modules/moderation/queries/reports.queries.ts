import type { ReportGroup, ReportQueuePage, ReportStatus, ReportTargetPreview } from '@contract';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider';
import type { EventStore } from '@platform/event-store/event-store.port';
import type { ReadModels } from '@platform/read-models';
import { EVENT_STORE, READ_MODELS } from '@platform/tokens';
import { type UserDoc, USERS } from '@projections/identity';
import { reasonKey, REPORT_GROUPS, type ReportGroupDoc } from '@projections/moderation';
import { type CommentDoc, COMMENTS, type PostDoc, POSTS } from '@projections/social';

import { MODERATION_LIMITS, MODERATION_MESSAGES as M } from '../limits';
import { messageFacts } from '../target-facts';

const SNIPPET = 280;
const snippet = (text: string) => (text.length > SNIPPET ? `${text.slice(0, SNIPPET)}…` : text);

/** The report queue: one entry per reported target, newest activity first, with what was reported. */
@Injectable()
export class ReportsQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  /** `reason`: the entries whose round has a report with that reason (case and spacing aside). */
  async queue(
    { status, reason = null }: { status: ReportStatus; reason?: string | null },
    cursor: string | null,
    limit = MODERATION_LIMITS.queuePage,
  ): Promise<ReportQueuePage> {
    let page;
    try {
      page = await this.readModels.collection<ReportGroupDoc>(REPORT_GROUPS).find({
        where: reason === null ? { status } : { status, reasonKeys: { $contains: reasonKey(reason) } },
        sort: { field: 'position', direction: 'desc' },
        after: cursor,
        limit,
      });
    } catch (err) {
      if (err instanceof Error && err.name === 'InvalidCursorError')
        throw new DomainError('VALIDATION_FAILED', M.badCursor, 400);
      throw err;
    }
    return { items: await Promise.all(page.items.map((g) => this.view(g))), nextCursor: page.nextCursor };
  }

  private async view(g: ReportGroupDoc): Promise<ReportGroup> {
    return {
      targetType: g.targetType,
      targetId: g.targetId,
      streamId: `${g.targetType}-${g.targetId}`,
      count: g.count,
      reasons: g.reasons,
      firstReportedAt: g.firstReportedAt,
      lastReportedAt: g.lastReportedAt,
      status: g.status,
      // Entries from before version 2 of the projector (read while it rebuilds) have no links yet.
      resolution: g.resolution && { ...g.resolution, reportIds: g.resolution.reportIds ?? [] },
      history: g.history ?? { first: null, latest: null },
      target: await this.preview(g),
    };
  }

  private async preview(g: ReportGroupDoc): Promise<ReportTargetPreview> {
    const users = this.readModels.collection<UserDoc>(USERS);
    const author = async (id: string) => {
      const u = await users.get(id);
      return u ? { id: u.id, username: u.username } : null;
    };
    switch (g.targetType) {
      case 'post': {
        const post = await this.readModels.collection<PostDoc>(POSTS).get(g.targetId);
        if (!post) return { text: null, author: null, state: 'gone' };
        const state = post.status === 'hidden' ? 'hidden' : post.status === 'deleted' ? 'deleted' : 'visible';
        return { text: snippet(post.content), author: await author(post.userId), state };
      }
      case 'comment': {
        const comment = await this.readModels.collection<CommentDoc>(COMMENTS).get(g.targetId);
        if (!comment) return { text: null, author: null, state: 'gone' };
        const state = comment.status === 'deleted' ? 'deleted' : 'visible';
        return { text: snippet(comment.content), author: await author(comment.userId), state };
      }
      case 'user': {
        const user = await users.get(g.targetId);
        if (!user) return { text: null, author: null, state: 'gone' };
        const suspended = !!user.suspendedUntil && user.suspendedUntil > new Date().toISOString();
        return {
          text: user.displayName,
          author: { id: user.id, username: user.username },
          state: suspended ? 'suspended' : 'visible',
        };
      }
      case 'message': {
        // Its recipient reported it: the moderators read what they were sent.
        const message = await messageFacts(this.eventStore, g.targetId);
        if (!message) return { text: null, author: null, state: 'gone' };
        return { text: snippet(message.content), author: await author(message.senderId), state: 'visible' };
      }
    }
  }
}
