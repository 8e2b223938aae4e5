import type { SuggestedMemberView, SuggestionReason } from '@contract';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import type { Filter, SortSpec } from '@platform/read-store/read-store.port';
import { READ_MODELS } from '@platform/tokens';
import { activeMembers } from '@projections/identity';
import { type ProfileDoc, PROFILES } from '@projections/profiles';
import { type CircleDoc, circleOf, CIRCLES, type EdgeDoc, edgeId, RELATIONSHIPS } from '@projections/relationships';

import { SUGGESTION_LIMITS as LIMITS } from '../limits';
import { byCommonThenFollowers, followedByFollowed } from './suggestion-ranking';

interface Picked {
  doc: ProfileDoc;
  reason: SuggestionReason;
}

/** Index-ordered pages of profiles matching `where`, most followed first, each with its reason. */
interface Sweep {
  where: Filter;
  pages: number;
  reason: (d: ProfileDoc) => SuggestionReason;
}

const BY_FOLLOWERS: SortSpec = { field: 'followers', direction: 'desc', type: 'number' };

/** The city as the member wrote it (the part before the first comma), for "From Nairobi". */
const cityOf = (location: string | null) => (location ?? '').split(/[,،]/)[0]!.trim();

/**
 * People you may know: members followed by the members the viewer follows (most in common first,
 * then most followed), then a few of the most followed teachers with courses in the catalogue,
 * filled with the most followed members of the viewer's city, then of everyone.
 * Never the viewer, anyone they follow, block, are blocked by or mute, nor a suspended or deleted
 * account. Every read is bounded (SUGGESTION_LIMITS): one circle, a getMany of the newest followees'
 * circles, getManys of a bounded pool, and a few index-ordered pages of the most followed.
 */
@Injectable()
export class SuggestionsQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  private get profiles() {
    return this.readModels.collection<ProfileDoc>(PROFILES);
  }

  async suggest(viewerId: string, limit: number): Promise<SuggestedMemberView[]> {
    const circles = this.readModels.collection<CircleDoc>(CIRCLES);
    const [circle, me] = await Promise.all([circleOf(circles, viewerId), this.profiles.get(viewerId)]);
    const excluded = new Set([
      viewerId,
      ...circle.following,
      ...circle.blocking,
      ...circle.blockedBy,
      ...circle.muting,
    ]);
    // A circle's lists are oldest first: the newest follows are the viewer's current interests.
    const sources = circle.following.slice(-LIMITS.sources).reverse();
    const picked = await this.followedByFollowed(sources, excluded, limit);
    for (const p of picked) excluded.add(p.doc.id);
    const teachers = Math.min(LIMITS.teachers, limit - picked.length);
    if (teachers > 0) picked.push(...(await this.sweep([TEACHERS], excluded, teachers)));
    if (picked.length < limit)
      picked.push(...(await this.sweep(popularSweeps(me?.cityKey ?? null), excluded, limit - picked.length)));
    return this.views(viewerId, picked);
  }

  private async followedByFollowed(sources: string[], excluded: Set<string>, limit: number): Promise<Picked[]> {
    if (sources.length === 0) return [];
    const followees = await this.readModels.collection<CircleDoc>(CIRCLES).getMany(sources);
    const pool = followedByFollowed(
      followees.map((c) => ({ id: c.id, following: c.following ?? [] })),
      excluded,
      LIMITS.perSource,
    ).slice(0, LIMITS.pool);
    if (pool.length === 0) return [];
    const namers = pool.flatMap((p) => p.via.slice(0, LIMITS.named));
    const ids = [...new Set([...pool.map((p) => p.id), ...namers])];
    const [docs, live] = await Promise.all([this.profiles.getMany(ids), activeMembers(this.readModels, ids)]);
    const shown = new Map(docs.filter((d) => live.has(d.id)).map((d) => [d.id, d]));
    const ranked = byCommonThenFollowers(
      pool.filter((p) => shown.has(p.id)),
      (id) => shown.get(id)!.followers,
    );
    return ranked.slice(0, limit).map((p) => {
      const names = p.via
        .slice(0, LIMITS.named)
        .map((id) => shown.get(id))
        .filter((d) => !!d)
        .map((d) => ({ id: d.id, username: d.username, displayName: d.displayName }));
      return {
        doc: shown.get(p.id)!,
        reason: { kind: 'followedBy', names, othersCount: p.via.length - names.length },
      };
    });
  }

  /** Up to `wanted` live members not excluded, from each sweep in turn, a page at a time. */
  private async sweep(sweeps: Sweep[], excluded: Set<string>, wanted: number): Promise<Picked[]> {
    const out: Picked[] = [];
    for (const sweep of sweeps) {
      let after: string | null = null;
      for (let page = 0; page < sweep.pages && out.length < wanted; page++) {
        const found = await this.profiles.find({
          where: sweep.where,
          sort: BY_FOLLOWERS,
          after,
          limit: LIMITS.popularPage,
        });
        const fresh = found.items.filter((d) => !excluded.has(d.id));
        const live = await activeMembers(
          this.readModels,
          fresh.map((d) => d.id),
        );
        for (const doc of fresh) {
          if (out.length === wanted) break;
          if (!live.has(doc.id)) continue;
          excluded.add(doc.id);
          out.push({ doc, reason: sweep.reason(doc) });
        }
        after = found.nextCursor;
        if (!after) break;
      }
    }
    return out;
  }

  private async views(viewerId: string, picked: Picked[]): Promise<SuggestedMemberView[]> {
    if (picked.length === 0) return [];
    const edges = this.readModels.collection<EdgeDoc>(RELATIONSHIPS);
    const back = new Set(
      (await edges.getMany(picked.map((p) => edgeId('follow', p.doc.id, viewerId)))).map((e) => e.fromId),
    );
    return picked.map(({ doc, reason }) => ({
      id: doc.id,
      username: doc.username,
      displayName: doc.displayName,
      avatarUrl: doc.avatarUrl,
      bio: doc.bio,
      verified: doc.verified,
      followers: Math.max(0, doc.followers),
      isFollowing: false,
      isFollowingBack: back.has(doc.id),
      reason,
    }));
  }
}

const popularity = (d: ProfileDoc): SuggestionReason =>
  d.followers > 0 ? { kind: 'popular', followers: d.followers } : { kind: 'new' };

const TEACHERS: Sweep = {
  where: { teacher: true },
  pages: LIMITS.teacherPages,
  reason: (d) => ({ kind: 'teacher', courses: d.teaching ?? 0 }),
};

/** The most followed members of the viewer's city, then of everyone. */
function popularSweeps(cityKey: string | null): Sweep[] {
  const everyone: Sweep = { where: {}, pages: LIMITS.popularPages, reason: popularity };
  if (!cityKey) return [everyone];
  const city: Sweep = {
    where: { cityKey },
    pages: LIMITS.cityPages,
    reason: (d) => (cityOf(d.location) ? { kind: 'sameCity', city: cityOf(d.location) } : popularity(d)),
  };
  return [city, everyone];
}
