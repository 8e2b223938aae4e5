import type { SuggestionsView } from '@contract';
import { Controller, Get, Header, Query, UseGuards } from '@nestjs/common';
import { RateLimit, ValidationError } from '@platform/http';

import { CurrentSession, type SignedIn, SignedInGuard } from '../../identity';
import { SUGGESTION_LIMITS, SUGGESTION_MESSAGES, SUGGESTIONS_BUDGET } from '../limits';
import { SuggestionsQueries } from '../queries/suggestions.queries';

/** `?limit=` once, a whole number from 1 to 20; absent or empty is the default (10). */
export function suggestionLimit(value: unknown): number {
  if (value === undefined || value === '') return SUGGESTION_LIMITS.default;
  const n = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= SUGGESTION_LIMITS.max))
    throw new ValidationError(SUGGESTION_MESSAGES.badLimit, { limit: SUGGESTION_MESSAGES.badLimit });
  return n;
}

/** People you may know, for the signed-in member (the search screen before anything is typed). */
@Controller('api/users')
@UseGuards(SignedInGuard)
export class SuggestionsController {
  constructor(private readonly suggestions: SuggestionsQueries) {}

  @Get('suggestions')
  @Header('Cache-Control', 'no-store')
  @RateLimit(SUGGESTIONS_BUDGET)
  async list(@Query('limit') limit: unknown, @CurrentSession() { user }: SignedIn): Promise<SuggestionsView> {
    return { users: await this.suggestions.suggest(user.id, suggestionLimit(limit)) };
  }
}
