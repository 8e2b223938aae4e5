import type { UserSearchResult } from '@contract';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { normaliseText } from '@platform/read-store';
import type { SearchHit } from '@platform/read-store/read-store.port';
import { READ_MODELS } from '@platform/tokens';
import { memberEntryId, SEARCH_MEMBERS, SEARCH_TEXT, type SearchMemberDoc } from '@projections/search';

import { SEARCH_LIMITS } from '../limits';
import { MemberResults } from './member-results';

/** How well a member's names answer the text: 0 exact, 1 a name starts with it, 2 each word starts a word of theirs. */
export function nameMatch(folded: string, member: { username: string; name: string }): 0 | 1 | 2 | null {
  const names = [normaliseText(member.username), normaliseText(member.name)];
  if (names.includes(folded)) return 0;
  if (names.some((n) => n.startsWith(folded))) return 1;
  const words = names.flatMap((n) => n.split(' '));
  return folded.split(' ').every((typed) => words.some((w) => w.startsWith(typed))) ? 2 : null;
}

/**
 * Members as the search box shows them while the member types (GET /api/search/people): the text
 * index answers prefixes of the last word and folds Arabic like every search; of its candidates only
 * those whose name or username the text starts (not a word of their bio) are kept, exact names
 * first, then whole-name prefixes, then word prefixes, members the viewer follows first within each.
 */
@Injectable()
export class PeopleSearch {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly members: MemberResults,
  ) {}

  /** `staff`: the app's moderators and admins, who find suspended members too. */
  async find(viewerId: string | null, text: string, limit: number, staff = false): Promise<UserSearchResult[]> {
    const folded = normaliseText(text.replace(/^@/, ''));
    if (!folded) return [];
    const hits = await this.readModels
      .searchIndex(SEARCH_TEXT.user)
      .query(folded, { limit: SEARCH_LIMITS.candidates.user });
    const candidates = [...(await this.namedBeyond(folded, hits)), ...hits];
    const score = new Map(candidates.map((h) => [h.id, h.score]));
    const people = await this.members.of(
      viewerId,
      candidates.map((h) => h.id.slice('user:'.length)),
      staff,
    );
    return people
      .map((p) => ({ p, tier: nameMatch(folded, p), score: score.get(memberEntryId(p.id)) ?? 0 }))
      .filter((r) => r.tier !== null)
      .sort((a, b) => a.tier! - b.tier! || Number(b.p.isFollowing) - Number(a.p.isFollowing) || b.score - a.score)
      .slice(0, limit)
      .map((r) => r.p);
  }

  /**
   * Members named exactly as the text (username or display name) whom its text candidates left
   * out. A member's entry holds both names, so an exact name always matches the text: one can be
   * left out only when the candidates reached their limit, and only then is the lookup made (one
   * indexed read, held until a batch next writes the members collection).
   */
  async namedBeyond(folded: string, candidates: SearchHit[]): Promise<SearchHit[]> {
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
}
