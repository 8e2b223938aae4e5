import type { PostSearchResult, SearchResult, UserSearchResult } from '@contract';
import { AuthorsQuery } from '@modules/profiles';
import { RelationshipsQuery } from '@modules/relationships';
import { FeedQueries, type PostView, toAnswerView } from '@modules/social';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { normaliseText } from '@platform/read-store';
import type { SearchHit } from '@platform/read-store/read-store.port';
import { READ_MODELS } from '@platform/tokens';
import {
  foldTag,
  type HashtagDoc,
  memberEntryId,
  SEARCH_HASHTAGS,
  SEARCH_MEMBERS,
  SEARCH_TEXT,
  type SearchKind,
  type SearchMemberDoc,
} from '@projections/search';

import { SEARCH_LIMITS } from '../limits';
import { rank } from '../ranking';

export interface SearchRequest {
  viewerId: string | null;
  /** Trimmed, at most 200 characters; a single `#tag` is a hashtag search. */
  text: string;
  limit: number;
}

const KINDS = ['user', 'post', 'answer'] as const satisfies readonly SearchKind[];

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
    const folded = normaliseText(text);
    const [texts = [], posts = [], answers = []] = await this.hits(text);
    const users = [...(await this.namedBeyond(folded, texts)), ...texts];
    const people = await this.members(req.viewerId, users.map(memberId));
    const exactIds = new Set(
      people
        .filter((p) => normaliseText(p.username) === folded || normaliseText(p.name) === folded)
        .map((p) => `user:${p.id}`),
    );
    const ranked = rank([...users, ...posts, ...answers], (hit) => exactIds.has(hit.id), Date.now());
    return this.firstShown(ranked, new Map(people.map((p) => [`user:${p.id}`, p])), req.viewerId, req.limit);
  }

  /**
   * The first `limit` ranked hits the viewer may see, as results. Building a post view reads counts
   * and authors, so posts are read and hydrated a stretch at a time, each stretch just long enough
   * to fill the page if all of it may be shown: one round when nothing is filtered out, and never
   * more than a page of posts hydrated.
   */
  private async firstShown(
    ranked: SearchHit[],
    people: Map<string, SearchResult>,
    viewerId: string | null,
    limit: number,
  ): Promise<SearchResult[]> {
    const out: SearchResult[] = [];
    for (let i = 0; i < ranked.length && out.length < limit;) {
      const stretch = ranked.slice(i, i + limit - out.length);
      i += stretch.length;
      const postIds = stretch.filter((h) => h.fields.kind !== 'user').map((h) => h.id);
      // A private community's posts are found by its members (FeedQueries.visible checks who asks).
      const views = await this.feed.visible(postIds, viewerId, ['public', 'shared', 'members']);
      const byId = new Map(views.map((p) => [p.id, p.type === 'ai_answer' ? answerResult(p) : toPostResult(p)]));
      for (const h of stretch) {
        const shown = h.fields.kind === 'user' ? people.get(h.id) : byId.get(h.id);
        if (shown) out.push(shown);
      }
    }
    return out;
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
        ['public', 'members'],
        limit - out.length,
      );
      for (const v of views) if (out.push(toPostResult(v)) === limit) return out;
      if (!page.nextCursor) return out;
      after = page.nextCursor;
    }
  }

  /**
   * Candidates for a text from the three indexes, asked together (one statement on PostgreSQL).
   * Popular searches repeat and the text index is the costly part of a search: where this process
   * runs the search projector, the read models keep each answer until the index changes
   * (RunnerReadModels), so texts that fold alike ('Patience', 'patience') are asked in their
   * folded form. What is shown is still checked live (status, blocks, deletion), so a candidate
   * list never shows what it should not.
   */
  private hits(text: string): Promise<SearchHit[][]> {
    const folded = normaliseText(text);
    return this.readModels.searchMany(
      KINDS.map((kind) => ({
        index: SEARCH_TEXT[kind],
        text: folded,
        options: {
          limit: SEARCH_LIMITS.candidates[kind],
          // Members do not age; posts and answers are ranked among their newest matches.
          ...(kind === 'user' ? {} : { newest: SEARCH_LIMITS.newestMatches }),
        },
      })),
    );
  }

  /**
   * Members named exactly as the text (username or display name) whom its text candidates left
   * out. A member's entry holds both names, so an exact name always matches the text: one can be
   * left out only when the candidates reached their limit, and only then is the lookup made (one
   * indexed read, held until a batch next writes the members collection).
   */
  private async namedBeyond(folded: string, candidates: SearchHit[]): Promise<SearchHit[]> {
    if (candidates.length < SEARCH_LIMITS.candidates.user) return [];
    const named = await this.readModels.collection<SearchMemberDoc>(SEARCH_MEMBERS).find({
      where: { names: { $contains: folded } },
      limit: SEARCH_LIMITS.resultsMax,
    });
    const known = new Set(candidates.map((h) => h.id));
    return named.items
      .map((m): SearchHit => ({ id: memberEntryId(m.id), score: 0, fields: { kind: 'user', at: m.joinedAt } }))
      .filter((h) => !known.has(h.id));
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
