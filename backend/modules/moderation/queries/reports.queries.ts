import type { ReportGroup, ReportQueuePage, ReportReporter, ReportStatus, ReportTargetPreview } from '@contract';
import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@platform/event-store/event-store.port';
import type { ReadModels } from '@platform/read-models';
import { EVENT_STORE, READ_MODELS } from '@platform/tokens';
import { suspendedNow, type UserDoc, USERS } from '@projections/identity';
import { reasonKey, REPORT_GROUPS, type ReportGroupDoc } from '@projections/moderation';
import { type CommentDoc, COMMENTS } from '@projections/social';

import { MODERATION_LIMITS } from '../limits';
import { messageFacts } from '../target-facts';
import { GONE, postPreview, snippet } from './post-preview';
import { namedMembers, queuePage } from './queue-page';
/** reporterIds are kept oldest first; the card names the latest. */
const shownReporters = (g: ReportGroupDoc) => g.reporterIds.slice(-MODERATION_LIMITS.reportersShown).reverse();

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
    const page = await queuePage(() =>
      this.readModels.collection<ReportGroupDoc>(REPORT_GROUPS).find({
        where: reason === null ? { status } : { status, reasonKeys: { $contains: reasonKey(reason) } },
        sort: { field: 'position', direction: 'desc' },
        after: cursor,
        limit,
      }),
    );
    const [reporters, targets] = await Promise.all([
      namedMembers(this.readModels, page.items.flatMap(shownReporters)),
      Promise.all(page.items.map((g) => this.preview(g))),
    ]);
    return { items: page.items.map((g, i) => this.view(g, targets[i]!, reporters)), nextCursor: page.nextCursor };
  }

  /** The whole page's reporters in one read, so a page costs the same however many reported. */
  private view(g: ReportGroupDoc, target: ReportTargetPreview, reporters: Map<string, ReportReporter>): ReportGroup {
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
      target,
      // A deleted account's document is gone with it: nobody left to name.
      reporters: shownReporters(g)
        .map((id) => reporters.get(id))
        .filter((r): r is ReportReporter => r !== undefined),
    };
  }

  private async preview(g: ReportGroupDoc): Promise<ReportTargetPreview> {
    const users = this.readModels.collection<UserDoc>(USERS);
    const author = async (id: string) => {
      const u = await users.get(id);
      return u ? { id: u.id, username: u.username } : null;
    };
    switch (g.targetType) {
      case 'post':
        return postPreview(this.readModels, g.targetId);
      case 'comment': {
        const comment = await this.readModels.collection<CommentDoc>(COMMENTS).get(g.targetId);
        if (!comment) return GONE;
        const state = comment.status === 'deleted' ? 'deleted' : 'visible';
        return { text: snippet(comment.content), author: await author(comment.userId), state, image: null };
      }
      case 'user': {
        const user = await users.get(g.targetId);
        if (!user) return GONE;
        const suspended = suspendedNow(user);
        return {
          text: user.displayName,
          author: { id: user.id, username: user.username },
          state: suspended ? 'suspended' : 'visible',
          image: null,
        };
      }
      case 'message': {
        // Its recipient reported it: the moderators read what they were sent.
        const message = await messageFacts(this.eventStore, g.targetId);
        if (!message) return GONE;
        return {
          text: snippet(message.content),
          author: await author(message.senderId),
          state: 'visible',
          image: null,
        };
      }
    }
  }
}
