import type { AiAskResponse } from '@contract';
import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiError, clientAddressKey, errorBody, ZodBody } from '@platform/http';
import type { RateLimiter, RateLimitRule } from '@platform/rate-limit/rate-limiter.port';
import { RATE_LIMITER } from '@platform/tokens';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { IdentityService, resolveSession } from '../../identity';
import { AiService } from '../ai.service';
import { AI_MESSAGES, AI_RATE } from '../limits';
import { ProducedAnswers } from '../produced-answers';
import { askSchema } from './schemas';

/** The AI scholar (spec part 2 §7 "Search and AI"): guests may ask too. */
@Controller('api/ai')
export class AiController {
  constructor(
    private readonly ai: AiService,
    private readonly produced: ProducedAnswers,
    private readonly identity: IdentityService,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Post('ask')
  @HttpCode(200)
  async ask(
    @ZodBody(askSchema) body: z.output<typeof askSchema>,
    @Req() request: FastifyRequest,
  ): Promise<AiAskResponse> {
    const session = await resolveSession(this.identity, request);
    if (session) await this.limit(`ai:member:${session.user.id}`, AI_RATE.perMember);
    await this.limit(`ai:ip:${clientAddressKey(request.ip)}`, AI_RATE.perIp);
    const answer = await this.ai.ask(body.question);
    // Kept for the member only: what they may share to the Q&A feed as the scholar's (POST /api/ai-share).
    if (session) await this.produced.remember(session.user.id, body.question, answer.answer);
    return answer;
  }

  /** 429 with Retry-After and a message that says how long to wait. */
  private async limit(key: string, rule: RateLimitRule) {
    const result = await this.limiter.hit(key, rule);
    if (result.allowed) return;
    const seconds = result.retryAfterSeconds;
    throw new ApiError(429, errorBody(429, AI_MESSAGES.rateLimited(seconds), 'RATE_LIMITED'), {
      'retry-after': String(seconds),
    });
  }
}
