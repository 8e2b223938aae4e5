import type { PostSearchResult, SearchResult } from '@contract';
import { FeedQueries, type PostView, toAnswerView } from '@modules/social';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { normaliseText } from '@platform/read-store';
import type { SearchHit } from '@platform/read-store/read-store.port';
import { READ_MODELS } from '@platform/tokens';
import { foldTag, type HashtagDoc, SEARCH_HASHTAGS, SEARCH_TEXT, type SearchKind } from '@projections/search';

import { SEARCH_LIMITS } from '../limits';
import { rank } from '../ranking';
import { MemberResults } from './member-results';
import { PeopleSearch } from './people.queries';

export interface SearchRequest {
  viewerId: string | null;
  /** The app's moderators and admins: suspended members are found too. */
  staff?: boolean;
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
    private readonly members: MemberResults,
    private readonly people: PeopleSearch,
  ) {}

  async results(req: SearchRequest): Promise<SearchResult[]> {
    if (!req.text) return [];
    const tag = HASHTAG_ONLY.exec(req.text)?.[1];
    if (tag) return this.hashtag(req.viewerId, tag, req.limit);
    const text = req.text.replace(/^@/, '');
    const folded = normaliseText(text);
    const [texts = [], posts = [], answers = []] = await this.hits(text);
    const users = [...(await this.people.namedBeyond(folded, texts)), ...texts];
    const people = await this.members.of(req.viewerId, users.map(memberId), req.staff ?? false);
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
    for (let i = 0; i < ranked.length && out.length < limit; ) {
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
