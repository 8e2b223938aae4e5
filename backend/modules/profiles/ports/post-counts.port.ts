import { Injectable } from '@nestjs/common';

/** What the posts side knows about a member's profile counters. */
export interface MemberPostCounts {
  posts: number;
  likes: number;
}

/**
 * Implemented by the posts module over its read models. `own`: the member reads their own counts,
 * which take in their posts only they see on their profile (those the moderators hid).
 */
export abstract class PostCountsQuery {
  abstract countsFor(userId: string, own?: boolean): Promise<MemberPostCounts>;
}

/**
 * Where the posts module plugs its PostCountsQuery in (call `use` from its onModuleInit), so the
 * profiles module needs no import of the posts module. Until then posts and likes count 0.
 */
@Injectable()
export class PostCounts {
  private query: PostCountsQuery | null = null;

  use(query: PostCountsQuery): void {
    if (this.query && this.query !== query) throw new Error('A PostCountsQuery is already in use');
    this.query = query;
  }

  countsFor(userId: string, own = false): Promise<MemberPostCounts> {
    return this.query ? this.query.countsFor(userId, own) : Promise.resolve({ posts: 0, likes: 0 });
  }
}
