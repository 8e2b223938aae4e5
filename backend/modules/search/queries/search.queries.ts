import type { PostSearchResult, SearchResult, UserSearchResult } from '@contract';
import { AuthorsQuery } from '@modules/profiles';
import { RelationshipsQuery } from '@modules/relationships';
import { FeedQueries, type PostView, toAnswerView } from '@modules/social';
import { Inject, Injectable } from '@nestjs/common';
import { LruCache } from '@platform/cache';
import type { ReadModels } from '@platform/read-models';
import { normaliseText } from '@platform/read-store';
import type { SearchHit } from '@platform/read-store/read-store.port';
import { READ_MODELS } from '@platform/tokens';
import { foldTag, type HashtagDoc, SEARCH_HASHTAGS, SEARCH_TEXT, type SearchKind } from '@projections/search';

import { SEARCH_LIMITS } from '../limits';
import { rank } from '../ranking';

export interface SearchRequest {
  viewerId: string | null;
  /** Trimmed, at most 200 characters; a single `#tag` is a hashtag search. */
  text: string;
  limit: number;
}

const HASHTAG_ONLY = /^#([\p{L}\p{N}_]+)$/u;

/**
 * Search results (spec part 2 §3, §7 GET /api/search/results): members, posts and shared AI
 * answers from the text index, best first; only what the viewer may see now (live and public,
 * nobody blocked either way).
 */
@Injectable()
export class SearchQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly feed: FeedQueries,
    private readonly authors: AuthorsQuery,
    private readonly relationships: RelationshipsQuery,
  ) {}

  async results(req: SearchRequest): Promise<SearchResult[]> {
    if (!req.text) return [];
    const tag = HASHTAG_ONLY.exec(req.text)?.[1];
    if (tag) return this.hashtag(req.viewerId, tag, req.limit);
    const text = req.text.replace(/^@/, '');
    const [users, posts, answers] = await Promise.all([
      this.hits(text, 'user'),
      this.hits(text, 'post'),
      this.hits(text, 'answer'),
    ]);
    // Rank the candidates first, then hydrate only what a page shows: building a post view reads
    // counts and authors, so it is done for at most `limit` posts.
    const people = await this.members(req.viewerId, users.map(memberId));
    const folded = normaliseText(text);
    const exactIds = new Set(
      people
        .filter((p) => normaliseText(p.username) === folded || normaliseText(p.name) === folded)
        .map((p) => `user:${p.id}`),
    );
    const ranked = rank([...users, ...posts, ...answers], (hit) => exactIds.has(hit.id), Date.now());
    const postViews = await this.feed.visible(
      ranked.filter((h) => h.fields.kind !== 'user').map((h) => h.id),
      req.viewerId,
      ['public', 'shared'],
      req.limit,
    );
    const byEntry = new Map<string, SearchResult>([
      ...people.map((p) => [`user:${p.id}`, p] as const),
      ...postViews.map((p) => [p.id, p.type === 'ai_answer' ? answerResult(p) : toPostResult(p)] as const),
    ]);
    return ranked
      .map((h) => byEntry.get(h.id))
      .filter((r): r is SearchResult => !!r)
      .slice(0, req.limit);
  }

  /** Posts carrying the hashtag, newest first, filled past hidden ones. */
  async hashtag(viewerId: string | null, tag: string, limit: number): Promise<SearchResult[]> {
    const folded = foldTag(tag);
    const out: SearchResult[] = [];
    if (!folded) return out;
    let after: string | null = null;
    for (;;) {
      const page = await this.readModels.collection<HashtagDoc>(SEARCH_HASHTAGS).find({
        where: { tag: folded },
        sort: { field: 'postId', direction: 'desc' },
        after,
        limit: limit * 2,
      });
      const views = await this.feed.visible(
        page.items.map((h) => h.postId),
        viewerId,
        ['public'],
        limit - out.length,
      );
      for (const v of views) if (out.push(toPostResult(v)) === limit) return out;
      if (!page.nextCursor) return out;
      after = page.nextCursor;
    }
  }

  /**
   * Candidates for a text, kept a few seconds: popular searches repeat, and the text index is the
   * costly part of a search. What is shown is still checked live (status, blocks, deletion), so
   * a cached list can only miss a post made in the last seconds, never show one it should not.
   */
  private readonly candidates = new LruCache<SearchHit[]>(SEARCH_LIMITS.cachedTexts, SEARCH_LIMITS.cacheMs);

  private hits(text: string, kind: SearchKind): Promise<SearchHit[]> {
    return this.candidates.getOrCompute(`${kind}:${normaliseText(text)}`, () => this.indexHits(text, kind));
  }

  private indexHits(text: string, kind: SearchKind): Promise<SearchHit[]> {
    return this.readModels.searchIndex(SEARCH_TEXT[kind]).query(text, {
      limit: SEARCH_LIMITS.candidates[kind],
      // Members do not age; posts and answers are ranked among their newest matches.
      ...(kind === 'user' ? {} : { newest: SEARCH_LIMITS.newestMatches }),
    });
  }

  private async members(viewerId: string | null, userIds: string[]): Promise<UserSearchResult[]> {
    if (userIds.length === 0) return [];
    const [authors, blocked] = await Promise.all([
      this.authors.byIds(userIds),
      viewerId ? this.relationships.blockedWith(viewerId) : Promise.resolve(new Set<string>()),
    ]);
    return userIds
      .filter((id) => !blocked.has(id))
      .map((id) => authors.get(id))
      .filter((a) => !!a)
      .map((a) => ({ type: 'user', id: a.id, name: a.name, username: a.username, bio: a.bio, avatar: a.profileImage }));
  }
}

const answerResult = (p: PostView): SearchResult => ({ type: 'ai_answer', ...toAnswerView(p) });
const memberId = (hit: SearchHit) => hit.id.slice('user:'.length);

function toPostResult(p: PostView): PostSearchResult {
  return {
    type: 'post',
    id: p.id,
    content: p.content,
    likes: p.likes,
    commentsCount: p.commentsCount,
    createdAt: p.createdAt,
    user: { name: p.user.name, username: p.user.username, profileImage: p.user.profileImage },
  };
}
