import type { AppealQueuePage, AppealStatusFilter, PostAppealEntry } from '@contract';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { type AppealDoc, APPEALS } from '@projections/moderation';

import { MODERATION_LIMITS } from '../limits';
import { postPreview } from './post-preview';
import { namedMembers, queuePage } from './queue-page';

/**
 * The appeal queue: post authors asking the moderators to look again at a hiding. Pending ones oldest
 * first (the longest wait is answered first), decided ones the latest decision first.
 */
@Injectable()
export class AppealsQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  async queue(
    queue: AppealStatusFilter,
    cursor: string | null,
    limit = MODERATION_LIMITS.queuePage,
  ): Promise<AppealQueuePage> {
    const page = await queuePage(() =>
      this.readModels.collection<AppealDoc>(APPEALS).find({
        where: { queue },
        sort: { field: 'position', direction: queue === 'pending' ? 'asc' : 'desc' },
        after: cursor,
        limit,
      }),
    );
    const [authors, posts] = await Promise.all([
      namedMembers(
        this.readModels,
        page.items.map((a) => a.authorId),
      ),
      Promise.all(page.items.map((a) => postPreview(this.readModels, a.postId))),
    ]);
    const items = page.items.map(
      (a, i): PostAppealEntry => ({
        postId: a.postId,
        streamId: `post-${a.postId}`,
        status: a.status,
        text: a.text,
        appealedAt: a.appealedAt,
        hiding: a.hiding,
        decision: a.decision,
        author: authors.get(a.authorId) ?? null,
        post: posts[i]!,
      }),
    );
    return { items, nextCursor: page.nextCursor };
  }
}
