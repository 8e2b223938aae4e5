import type {
  CommunityBanView,
  CommunityJoinRequestView,
  CommunityMemberView,
  CommunityRole,
  CommunityView,
} from '@contract';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import type { ReadModels } from '@platform/read-models';
import { encodeCursor } from '@platform/read-store';
import type { Filter } from '@platform/read-store/read-store.port';
import { READ_MODELS } from '@platform/tokens';
import {
  COMMUNITIES,
  COMMUNITY_MEMBERS,
  COMMUNITY_REPORTS,
  type CommunityDoc,
  type CommunityMemberDoc,
  type CommunityReportDoc,
  memberDocId,
  wordsOf,
} from '@projections/communities';

import { AuthorsQuery } from '../../profiles';
import { authorOf } from '../../social';
import { COMMUNITY_MESSAGES as M } from '../limits';

export interface Viewer {
  id: string;
  staff: boolean;
}

export interface ListRequest {
  q: string | null;
  category: string | null;
  city: string | null;
  mine: boolean;
  cursor: string | null;
  limit: number;
}

const mediaUrl = (id: string | null) => (id ? `/media/${id}` : null);
const isModeratorRole = (role: CommunityRole | null | undefined) => role === 'owner' || role === 'moderator';

/** The communities read model as the API answers it (contract/communities.ts). */
@Injectable()
export class CommunitiesQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly authors: AuthorsQuery,
  ) {}

  private get communities() {
    return this.readModels.collection<CommunityDoc>(COMMUNITIES);
  }

  private get members() {
    return this.readModels.collection<CommunityMemberDoc>(COMMUNITY_MEMBERS);
  }

  async doc(communityId: string): Promise<CommunityDoc> {
    const doc = await this.communities.get(communityId);
    if (!doc) throw new DomainError('COMMUNITY_NOT_FOUND', M.notFound, 404);
    return doc;
  }

  async standing(communityId: string, viewer: Viewer | null): Promise<CommunityMemberDoc | null> {
    return viewer ? this.members.get(memberDocId(communityId, viewer.id)) : null;
  }

  /** Whether the viewer may read the community's posts and members (private: members and staff). */
  async canRead(doc: CommunityDoc, viewer: Viewer | null): Promise<boolean> {
    if (doc.privacy === 'public' || viewer?.staff) return true;
    return (await this.standing(doc.id, viewer))?.status === 'member';
  }

  async isModerator(communityId: string, viewer: Viewer): Promise<boolean> {
    return isModeratorRole((await this.standing(communityId, viewer))?.role);
  }

  async view(communityId: string, viewer: Viewer | null): Promise<CommunityView> {
    const [view] = await this.views([await this.doc(communityId)], viewer);
    return view!;
  }

  async views(docs: CommunityDoc[], viewer: Viewer | null): Promise<CommunityView[]> {
    const mine = viewer ? await this.members.getMany(docs.map((d) => memberDocId(d.id, viewer.id))) : [];
    const byCommunity = new Map(mine.map((m) => [m.communityId, m]));
    return docs.map((d) => {
      const m = byCommunity.get(d.id);
      const view: CommunityView = {
        id: d.id,
        slug: d.slug,
        name: d.name,
        description: d.description,
        avatarUrl: mediaUrl(d.avatarMediaId),
        bannerUrl: mediaUrl(d.bannerMediaId),
        rules: d.rules,
        category: d.category,
        city: d.city,
        privacy: d.privacy,
        ownerId: d.ownerId,
        memberCount: d.memberCount,
        postCount: d.postCount,
        createdAt: d.createdAt,
        me: viewer
          ? {
              standing: m?.status ?? 'none',
              role: m?.status === 'member' ? m.role : null,
              muted: m?.status === 'member' && m.muted,
              notify: m?.notify ?? 'all',
              feedInHome: m?.feedInHome ?? true,
            }
          : null,
      };
      if (isModeratorRole(m?.status === 'member' ? m.role : null) || viewer?.staff)
        view.pendingRequests = d.pendingRequests;
      return view;
    });
  }

  /** Newest first; a guest sees public communities only; `mine`: the viewer's own, by when they joined. */
  async list(
    request: ListRequest,
    viewer: Viewer | null,
  ): Promise<{ communities: CommunityView[]; nextCursor: string | null }> {
    if (request.mine) {
      if (!viewer) return { communities: [], nextCursor: null };
      const page = await this.members.find({
        where: { userId: viewer.id, status: 'member' },
        sort: { field: 'since', direction: 'desc' },
        after: request.cursor,
        limit: request.limit,
      });
      const docs = await this.communities.getMany(page.items.map((m) => m.communityId));
      return { communities: await this.views(docs, viewer), nextCursor: page.nextCursor };
    }
    const words = request.q ? wordsOf(request.q) : [];
    const where: Filter = {};
    if (request.category) where.category = request.category;
    if (request.city) where.cityKey = request.city.trim().toLowerCase();
    if (!viewer) where.privacy = 'public';
    if (words[0]) where.words = { $contains: words[0].slice(0, 20) };
    const found: CommunityDoc[] = [];
    let after = request.cursor ? encodeCursor({ value: request.cursor, id: request.cursor }) : null;
    // Filtered after the read by the query's other words: read on until the page is full.
    for (;;) {
      const page = await this.communities.find({
        where,
        sort: { field: 'id', direction: 'desc' },
        after,
        limit: request.limit + 1,
      });
      for (const doc of page.items)
        if (words.slice(1).every((w) => doc.words.includes(w.slice(0, 20)))) found.push(doc);
      if (found.length > request.limit || !page.nextCursor) break;
      after = page.nextCursor;
    }
    const shown = found.slice(0, request.limit);
    return {
      communities: await this.views(shown, viewer),
      nextCursor: found.length > request.limit ? (shown.at(-1)?.id ?? null) : null,
    };
  }

  async memberList(
    communityId: string,
    status: 'member' | 'requested',
    cursor: string | null,
    limit: number,
    role: CommunityRole | null = null,
  ): Promise<{ docs: CommunityMemberDoc[]; nextCursor: string | null }> {
    const page = await this.members.find({
      where: { communityId, status, ...(role ? { role } : {}) },
      sort: { field: 'order', direction: 'asc' },
      after: cursor,
      limit,
    });
    return { docs: page.items, nextCursor: page.nextCursor };
  }

  async memberViews(docs: CommunityMemberDoc[]): Promise<CommunityMemberView[]> {
    const authors = await this.authors.byIds(docs.map((d) => d.userId));
    return docs.map((d) => ({
      user: authorOf(authors, d.userId),
      role: d.role ?? 'member',
      joinedAt: d.since,
      muted: d.muted,
    }));
  }

  async requestViews(docs: CommunityMemberDoc[]): Promise<CommunityJoinRequestView[]> {
    const authors = await this.authors.byIds(docs.map((d) => d.userId));
    return docs.map((d) => ({ user: authorOf(authors, d.userId), requestedAt: d.since }));
  }

  async bans(communityId: string): Promise<CommunityBanView[]> {
    const { items } = await this.members.find({ where: { communityId, status: 'banned' }, limit: 500 });
    const authors = await this.authors.byIds(items.map((d) => d.userId));
    return items.map((d) => ({
      user: authorOf(authors, d.userId),
      reason: d.reason ?? '',
      bannedAt: d.since,
      bannedBy: d.by ?? '',
    }));
  }

  /** Open reports on the community's posts, the latest reported first. */
  async openReports(communityId: string): Promise<CommunityReportDoc[]> {
    const { items } = await this.readModels.collection<CommunityReportDoc>(COMMUNITY_REPORTS).find({
      where: { communityId, open: true },
      sort: { field: 'lastReportedAt', direction: 'desc' },
      limit: 100,
    });
    return items;
  }

  async member(communityId: string, userId: string): Promise<CommunityMemberView> {
    const doc = await this.members.get(memberDocId(communityId, userId));
    if (!doc || doc.status !== 'member') throw new DomainError('MEMBER_NOT_FOUND', M.notMember, 404);
    return (await this.memberViews([doc]))[0]!;
  }
}
