import type { PostDoc } from './docs';

export interface Counters {
  likes: number;
  comments: number;
  reposts: number;
  bookmarks: number;
  votes: number[];
}

const DELTA: Record<string, [keyof Omit<Counters, 'votes'>, number]> = {
  PostLiked: ['likes', 1],
  PostUnliked: ['likes', -1],
  PostReposted: ['reposts', 1],
  PostUnreposted: ['reposts', -1],
  PostBookmarked: ['bookmarks', 1],
  PostUnbookmarked: ['bookmarks', -1],
  CommentAdded: ['comments', 1],
  CommentDeleted: ['comments', -1],
};

/**
 * Counters recomputed from the log alone, independently of the projector's increments: the check
 * that catches drift (Bluesky recounts rather than trusting increments). Feed events in log order.
 */
export class Recount {
  readonly posts = new Map<string, Counters>();

  add(event: { type: string; data: unknown }): void {
    const d = event.data as {
      postId?: string;
      poll?: { options: string[] } | null;
      option?: number;
      previousOption?: number | null;
    };
    if (!d.postId) return;
    if (event.type === 'PostCreated') {
      this.posts.set(d.postId, {
        likes: 0,
        comments: 0,
        reposts: 0,
        bookmarks: 0,
        votes: (d.poll?.options ?? []).map(() => 0),
      });
      return;
    }
    const c = this.posts.get(d.postId);
    if (!c) return;
    const delta = DELTA[event.type];
    if (delta) c[delta[0]] += delta[1];
    if (event.type === 'PollVoted') {
      const add = (option: number, n: number) => (c.votes[option - 1] = (c.votes[option - 1] ?? 0) + n);
      add(d.option!, 1);
      if (d.previousOption) add(d.previousOption, -1);
    }
  }

  /** One line per counter where the read model disagrees with the recount. */
  driftOf(doc: PostDoc | undefined, postId: string): string[] {
    const want = this.posts.get(postId)!;
    if (!doc) return [`${postId}: missing from the posts read model`];
    const out: string[] = [];
    for (const k of ['likes', 'comments', 'reposts', 'bookmarks'] as const) {
      if (doc[k] !== want[k]) out.push(`${postId}: ${k} is ${doc[k]}, the log says ${want[k]}`);
    }
    want.votes.forEach((n, i) => {
      const have = doc.poll?.votes[i];
      if (have !== n) out.push(`${postId}: option${i + 1}Votes is ${have}, the log says ${n}`);
    });
    return out;
  }
}
