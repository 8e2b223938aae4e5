import { Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import type { CommunityDoc } from '@projections/communities';
import type { FastifyRequest } from 'fastify';

import { requestMeta, type SignedIn } from '../../identity';
import { CommunitiesService, type CommunityAction } from '../communities.service';
import { COMMUNITY_MESSAGES as M } from '../limits';
import { CommunitiesQueries, type Viewer } from '../queries/communities.queries';
import { viewerOf } from './params';

/** Who may reach a community's routes, shared by its controllers. */
@Injectable()
export class CommunityAccess {
  constructor(
    private readonly communities: CommunitiesService,
    private readonly queries: CommunitiesQueries,
  ) {}

  /** A command on the community, answered with the community as the actor now sees it. */
  async run(slug: string, s: SignedIn, r: FastifyRequest, action: CommunityAction) {
    const state = await this.communities.act(slug, s.user.id, action, requestMeta(r, s.user.id));
    return { community: await this.queries.view(state.id, viewerOf(s)) };
  }

  /** The community's id, for its moderators (and the app's staff) only. */
  async moderated(slug: string, s: SignedIn): Promise<string> {
    const id = await this.communities.idOf(slug);
    const viewer = viewerOf(s)!;
    if (!viewer.staff && !(await this.queries.isModerator(id, viewer)))
      throw new DomainError('NOT_COMMUNITY_MODERATOR', M.notModerator, 403);
    return id;
  }

  /** The community, for whoever may read it (a private one: its members and the app's staff). */
  async readable(slug: string, viewer: Viewer | null): Promise<CommunityDoc> {
    const doc = await this.queries.doc(await this.communities.idOf(slug));
    if (!(await this.queries.canRead(doc, viewer))) throw new DomainError('COMMUNITY_PRIVATE', M.privateCommunity, 403);
    return doc;
  }
}
