import type { SearchResult } from '@contract';
import { IdentityService, resolveSession } from '@modules/identity';
import { Controller, Get, Query, Req } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import { RateLimit } from '@platform/http';
import type { FastifyRequest } from 'fastify';

import { SEARCH_BUDGET, SEARCH_LIMITS, SEARCH_MESSAGES } from '../limits';
import { SearchQueries } from '../queries/search.queries';

const refuse = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);

/** `?q=` once, as text of at most 200 characters; absent or blank is no search. */
function searchText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'string') throw refuse(SEARCH_MESSAGES.textNotString);
  const text = value.trim();
  if (text.length > SEARCH_LIMITS.textMax) throw refuse(SEARCH_MESSAGES.textTooLong);
  return text;
}

function resultLimit(value: unknown): number {
  if (value === undefined || value === '') return SEARCH_LIMITS.resultsMax;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > SEARCH_LIMITS.resultsMax) throw refuse(SEARCH_MESSAGES.badLimit);
  return n;
}

/** Search for guests and members (spec part 2 §7). */
@Controller('api/search')
@RateLimit(SEARCH_BUDGET)
export class SearchController {
  constructor(
    private readonly search: SearchQueries,
    private readonly identity: IdentityService,
  ) {}

  @Get('results')
  async results(
    @Query('q') q: unknown,
    @Query('hashtag') hashtag: unknown,
    @Query('limit') limit: unknown,
    @Req() request: FastifyRequest,
  ): Promise<SearchResult[]> {
    const viewer = await resolveSession(this.identity, request);
    const viewerId = viewer?.user.id ?? null;
    const tag = searchText(hashtag).replace(/^#/, '');
    if (tag) return this.search.hashtag(viewerId, tag, resultLimit(limit));
    return this.search.results({ viewerId, text: searchText(q), limit: resultLimit(limit) });
  }
}
