import type { PeopleSearchView, SearchResult } from '@contract';
import { IdentityService, isStaff, resolveSession } from '@modules/identity';
import { Controller, Get, Query, Req } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import { RateLimit } from '@platform/http';
import type { FastifyRequest } from 'fastify';

import { PEOPLE_SEARCH_BUDGET, SEARCH_BUDGET, SEARCH_LIMITS, SEARCH_MESSAGES } from '../limits';
import { PeopleSearch } from '../queries/people.queries';
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

/** `?limit=` as a whole number from 1 to `max`; absent or empty is `fallback`. */
function wholeLimit(value: unknown, fallback: number, max: number, message: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw refuse(message);
  return n;
}

const resultLimit = (value: unknown) =>
  wholeLimit(value, SEARCH_LIMITS.resultsMax, SEARCH_LIMITS.resultsMax, SEARCH_MESSAGES.badLimit);
const peopleLimit = (value: unknown) =>
  wholeLimit(value, SEARCH_LIMITS.people.default, SEARCH_LIMITS.people.max, SEARCH_MESSAGES.badPeopleLimit);

/** Search for guests and members (spec part 2 §7). */
@Controller('api/search')
@RateLimit(SEARCH_BUDGET)
export class SearchController {
  constructor(
    private readonly search: SearchQueries,
    private readonly people: PeopleSearch,
    private readonly identity: IdentityService,
  ) {}

  /** Members whose name or username starts with `q`, as the search box shows them while the member types. */
  @Get('people')
  @RateLimit(PEOPLE_SEARCH_BUDGET)
  async peopleStarting(
    @Query('q') q: unknown,
    @Query('limit') limit: unknown,
    @Req() request: FastifyRequest,
  ): Promise<PeopleSearchView> {
    const text = searchText(q);
    const count = peopleLimit(limit);
    const viewer = await resolveSession(this.identity, request);
    const staff = !!viewer && isStaff(viewer.user.role);
    return { users: text ? await this.people.find(viewer?.user.id ?? null, text, count, staff) : [] };
  }

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
    const staff = !!viewer && isStaff(viewer.user.role);
    return this.search.results({ viewerId, text: searchText(q), limit: resultLimit(limit), staff });
  }
}
