import type { AiShareResponse, QaFeedResponse } from '@contract';
import { Controller, Get, HttpCode, Post, Query, Req, UseGuards } from '@nestjs/common';
import { RateLimit, ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { CurrentSession, IdentityService, requestMeta, resolveSession, SignedIn, SignedInGuard } from '../../identity';
import { toAnswerView } from '../answer-view';
import { AnswersService } from '../answers.service';
import { ANSWER_LIMITS, SOCIAL_BUDGETS } from '../limits';
import { parseCursor, parseLimit } from '../paging';
import { FeedQueries } from '../queries/feed.queries';
import { shareAnswerSchema } from './schemas';

/** The Q&A community feed: AI answers members shared (spec part 2 §7). */
@Controller()
export class AnswersController {
  constructor(
    private readonly answers: AnswersService,
    private readonly feed: FeedQueries,
    private readonly identity: IdentityService,
  ) {}

  @RateLimit(SOCIAL_BUDGETS.posts)
  @Post('api/ai-share')
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  async share(
    @ZodBody(shareAnswerSchema) body: z.output<typeof shareAnswerSchema>,
    @CurrentSession() session: SignedIn,
    @Req() request: FastifyRequest,
  ): Promise<AiShareResponse & { success: true }> {
    const { communityId, ...answer } = body;
    const id = await this.answers.share(
      session.user,
      answer,
      communityId ?? null,
      requestMeta(request, session.user.id),
    );
    return { success: true, id };
  }

  @Get('api/qa/feed')
  async list(
    @Query('limit') limit: unknown,
    @Query('cursor') cursor: unknown,
    @Req() request: FastifyRequest,
  ): Promise<QaFeedResponse> {
    const viewer = await resolveSession(this.identity, request);
    const page = {
      viewerId: viewer?.user.id ?? null,
      limit: Math.min(parseLimit(limit, ANSWER_LIMITS.feedPage), ANSWER_LIMITS.maxFeedPage),
      cursor: parseCursor(cursor),
    };
    const posts = await this.feed.sharedAnswers(page);
    return {
      items: posts.map(toAnswerView),
      nextCursor: posts.length === page.limit ? (posts[posts.length - 1]?.id ?? null) : null,
    };
  }
}
