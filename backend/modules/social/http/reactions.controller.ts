import { Controller, Delete, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { RateLimit } from '@platform/http';
import type { ReadModels } from '@platform/read-models';
import { type PostDoc, POSTS } from '@projections/social';
import type { FastifyRequest } from 'fastify';

import { READ_MODELS } from '../../../src/platform/tokens';
import { CurrentSession, requestMeta, SignedIn, SignedInGuard } from '../../identity';
import { CommunityGate } from '../community-gate';
import type { ReactionKind } from '../events';
import { SOCIAL_BUDGETS } from '../limits';
import { PostsService } from '../posts.service';
import { postIdParam } from './params';

const SHAPE = {
  like: (on: boolean, n: number) => ({ isLiked: on, likedByMe: on, likes: n, likeCount: n }),
  bookmark: (on: boolean, n: number) => ({ isBookmarked: on, bookmarks: n }),
  repost: (on: boolean, n: number) => ({ isReposted: on, reposts: n }),
} satisfies Record<ReactionKind, (on: boolean, n: number) => object>;

const COUNT = { like: 'likes', bookmark: 'bookmarks', repost: 'reposts' } as const;

/** POST to switch on, DELETE to switch off; both idempotent (spec §4: likes, bookmarks, reposts are toggles). */
@Controller('api/posts/:id')
@RateLimit(SOCIAL_BUDGETS.reactions)
@UseGuards(SignedInGuard)
export class ReactionsController {
  constructor(
    private readonly posts: PostsService,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly communities: CommunityGate,
  ) {}

  @Post('like') @HttpCode(200) like(@Param('id') id: string, @CurrentSession() s: SignedIn, @Req() r: FastifyRequest) {
    return this.set('like', id, true, s, r);
  }
  @Delete('like') unlike(@Param('id') id: string, @CurrentSession() s: SignedIn, @Req() r: FastifyRequest) {
    return this.set('like', id, false, s, r);
  }
  @Post('bookmark') @HttpCode(200) bookmark(
    @Param('id') id: string,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.set('bookmark', id, true, s, r);
  }
  @Delete('bookmark') unbookmark(@Param('id') id: string, @CurrentSession() s: SignedIn, @Req() r: FastifyRequest) {
    return this.set('bookmark', id, false, s, r);
  }
  @Post('repost') @HttpCode(200) repost(
    @Param('id') id: string,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.set('repost', id, true, s, r);
  }
  @Delete('repost') unrepost(@Param('id') id: string, @CurrentSession() s: SignedIn, @Req() r: FastifyRequest) {
    return this.set('repost', id, false, s, r);
  }

  private async set(kind: ReactionKind, id: string, on: boolean, session: SignedIn, request: FastifyRequest) {
    const postId = postIdParam(id);
    await this.posts.react(kind, session.user.id, postId, on, requestMeta(request, session.user.id));
    const doc = await this.readModels.collection<PostDoc>(POSTS).get(postId);
    // Taking a reaction back needs no readable post, so its answer tells a count only to a reader
    // (a private community's post is its members'; nobody else learns how it is doing).
    const reads = doc && (await this.communities.readableBy(session.user.id)(doc));
    return { success: true, ...SHAPE[kind](on, doc && reads ? doc[COUNT[kind]] : 0) };
  }
}
