import { RelationshipsQuery } from '@modules/relationships';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import type { ReadModels } from '@platform/read-models';
import { encodeCursor } from '@platform/read-store';
import { findAll } from '@platform/read-store/core/find-all';
import type { Filter } from '@platform/read-store/read-store.port';
import { READ_MODELS } from '@platform/tokens';
import { COMMUNITY_MEMBERS, type CommunityMemberDoc } from '@projections/communities';
import { openedBy, type PostDoc, POSTS, type Visibility } from '@projections/social';

import { CommunityGate, inPrivateCommunity } from '../community-gate';
import { MESSAGES } from '../limits';
import { fillPage } from '../paging';
import { PostHydrator } from '../post-hydrator';
import type { PostView } from '../post-view';

const KEEP_ALL = () => true;

/** What a profile lists: its owner also sees their hidden posts there (the count says the same). */
export const profileStatuses = (authorId: string, viewerId: string | null): Visibility[] =>
  viewerId === authorId ? ['public', 'limited', 'hidden'] : ['public', 'limited'];

export interface PageRequest {
  viewerId: string | null;
  limit: number;
  /** Id of the last post the client has. */
  cursor: string | null;
}

/** The feed and the post detail, newest first on the time-ordered post id. */
/**
 * What a community's feed lists: its posts (a private one's are `members`) and the AI answers
 * shared into it (`shared`, in the Q&A feed too when the community is public).
 */
/**
 * What a profile lists: never a private community's post (an unverified author's is `limited`,
 * which profiles otherwise show), which only its feed and its members' home feeds do.
 */
const ON_PROFILE = (doc: PostDoc) => !inPrivateCommunity(doc);

export const IN_COMMUNITY: readonly Visibility[] = ['public', 'members', 'shared'];

@Injectable()
export class FeedQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly relationships: RelationshipsQuery,
    private readonly hydrator: PostHydrator,
    private readonly communities: CommunityGate,
  ) {}

  /** Public feed: every verified author's live posts minus those the viewer blocks, is blocked by, or mutes. */
  async feed(page: PageRequest): Promise<PostView[]> {
    return this.postsWhere({ status: 'public' }, page);
  }

  /**
   * Followed members plus the viewer's own posts, and the posts of the communities the viewer keeps
   * in their home feed (issue 41): two keyset reads on the same order, merged, so the page stays full.
   */
  async following(page: PageRequest & { viewerId: string }): Promise<PostView[]> {
    const [{ following, hidden }, communityIds] = await Promise.all([
      this.relationships.followingAndHidden(page.viewerId),
      this.homeCommunities(page.viewerId),
    ]);
    const ids = [...new Set([...following, page.viewerId])];
    const [people, communities] = await Promise.all([
      this.docsWhere({ status: 'public', userId: { $in: ids } }, page, hidden),
      communityIds.length
        ? this.docsWhere({ communityId: { $in: communityIds }, status: { $in: [...IN_COMMUNITY] } }, page, hidden)
        : Promise.resolve([]),
    ]);
    const merged = new Map([...people, ...communities].map((d) => [d.id, d]));
    const docs = [...merged.values()].sort((a, b) => (a.id < b.id ? 1 : -1)).slice(0, page.limit);
    return this.hydrator.views(docs, page.viewerId, hidden);
  }

  /** A community's feed, newest first; the caller has checked the viewer may read it. */
  async community(communityId: string, page: PageRequest): Promise<PostView[]> {
    return this.postsWhere({ communityId, status: { $in: [...IN_COMMUNITY] } }, page);
  }

  /** The communities whose posts a member keeps in their home feed (every one, however many). */
  private async homeCommunities(userId: string): Promise<string[]> {
    const memberships = await findAll(this.readModels.collection<CommunityMemberDoc>(COMMUNITY_MEMBERS), {
      where: { userId, status: 'member' },
    });
    return memberships.filter((m) => m.feedInHome).map((m) => m.communityId);
  }

  /**
   * Posts of one author as their profile shows them (limited ones included); to the author
   * themselves, their posts the moderators hid too, each saying so (PostView.moderation).
   */
  async byAuthor(authorId: string, page: PageRequest, where: Filter = {}): Promise<PostView[]> {
    return this.postsWhere(
      { userId: authorId, status: { $in: profileStatuses(authorId, page.viewerId) }, ...where },
      page,
      ON_PROFILE,
    );
  }

  /**
   * The profile's Posts tab: the pinned post first, then the others newest first. The first page
   * keeps its size (clients read a short page as the end), so it holds the pinned post and
   * `limit - 1` others; a cursor on the pinned post can only come from a first page of one post,
   * so it resumes at the top of the others.
   */
  async profilePosts(authorId: string, page: PageRequest): Promise<PostView[]> {
    const shown: Filter = { userId: authorId, status: { $in: profileStatuses(authorId, page.viewerId) } };
    const found = await this.readModels
      .collection<PostDoc>(POSTS)
      .find({ where: { ...shown, isPinned: true }, limit: 1 });
    const pinned = found.items.find(ON_PROFILE);
    if (!pinned) return this.byAuthor(authorId, page);
    const hidden = await this.relationships.hiddenAuthors(page.viewerId);
    const top = !page.cursor && !hidden.has(pinned.userId) ? [pinned] : [];
    const cursor = page.cursor === pinned.id ? null : page.cursor;
    const rest = await this.docsWhere(
      shown,
      { ...page, cursor, limit: page.limit - top.length },
      hidden,
      (d) => !d.isPinned && ON_PROFILE(d),
    );
    return this.hydrator.views([...top, ...rest], page.viewerId, hidden);
  }

  /** The Q&A community feed: shared AI answers, newest first (spec part 2 §7 GET /api/qa/feed). */
  async sharedAnswers(page: PageRequest): Promise<PostView[]> {
    return this.postsWhere({ status: 'shared' }, page);
  }

  /**
   * Posts by id in the order given, as the viewer may see them: live, of an allowed status, and by
   * no one the viewer blocks, is blocked by, or mutes (search results); at most `limit` are hydrated.
   */
  async visible(
    ids: string[],
    viewerId: string | null,
    statuses: readonly Visibility[],
    limit = ids.length,
  ): Promise<PostView[]> {
    if (ids.length === 0) return [];
    const [docs, hidden] = await Promise.all([
      this.readModels.collection<PostDoc>(POSTS).getMany(ids),
      this.relationships.hiddenAuthors(viewerId),
    ]);
    const byId = new Map(docs.map((d) => [d.id, d]));
    const listed = ids
      .map((id) => byId.get(id))
      .filter((d): d is PostDoc => !!d && statuses.includes(d.status) && !hidden.has(d.userId));
    // A private community's post (status 'members', when asked for) only for the viewer in it.
    const allowed = await Promise.all(listed.map(this.communities.readableBy(viewerId)));
    const shown = listed.filter((_, i) => allowed[i]).slice(0, limit);
    return this.hydrator.views(shown, viewerId, hidden);
  }

  /**
   * `asCreated`: the post as its author just created it. The command waits for the read model only
   * so long; a post already appended must never be answered 404 (its author would send it again).
   * A hidden post is read by its author and, with `staff`, by the app's moderators (with why it is
   * hidden); everyone else gets the same 404 as for a deleted one.
   */
  async detail(
    postId: string,
    viewerId: string | null,
    { asCreated, staff = false }: { asCreated?: PostDoc; staff?: boolean } = {},
  ): Promise<PostView> {
    const doc = (await this.readModels.collection<PostDoc>(POSTS).get(postId)) ?? asCreated;
    if (!doc || !openedBy(doc, viewerId, staff)) throw new DomainError('POST_NOT_FOUND', MESSAGES.postNotFound, 404);
    if (viewerId && (await this.relationships.blockedEitherWay(viewerId, doc.userId)))
      throw new DomainError('POST_NOT_FOUND', MESSAGES.postNotFound, 404);
    await this.communities.assertDocReadable(doc, viewerId);
    const hidden = await this.relationships.hiddenAuthors(viewerId);
    const [view] = await this.hydrator.views([doc], viewerId, hidden);
    if (!view) throw new Error(`post ${postId}: the hydrator returned no view`);
    return view;
  }

  private async postsWhere(where: Filter, page: PageRequest, keep?: (doc: PostDoc) => boolean): Promise<PostView[]> {
    const hidden = await this.relationships.hiddenAuthors(page.viewerId);
    return this.hydrator.views(await this.docsWhere(where, page, hidden, keep), page.viewerId, hidden);
  }

  private async docsWhere(
    where: Filter,
    page: PageRequest,
    hidden: Set<string>,
    keep: (doc: PostDoc) => boolean = KEEP_ALL,
  ): Promise<PostDoc[]> {
    if (page.limit < 1) return [];
    return fillPage(
      this.readModels.collection<PostDoc>(POSTS),
      {
        where,
        sort: { field: 'id', direction: 'desc' },
        after: page.cursor ? encodeCursor({ value: page.cursor, id: page.cursor }) : null,
      },
      page.limit,
      (items) => items.filter((d) => !hidden.has(d.userId) && keep(d)),
      // Nothing to filter out (the usual case): the page is the first `limit` documents.
      hidden.size === 0 && keep === KEEP_ALL ? page.limit : undefined,
    );
  }
}
