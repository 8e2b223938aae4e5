import type { RateBudget } from '@platform/http';

import type { RateLimitRule } from '../../src/platform/rate-limit/rate-limiter.port';

export const MAX_MESSAGE_LENGTH = 5000;
/** The New Message dialog searches from this many characters (spec §9). */
export const USER_SEARCH_MIN = 3;
export const MESSAGES_PAGE = { default: 50, max: 100 } as const;

/** Per member, over HTTP and every socket together: a burst of typing, never a flood. */
export const SEND_MESSAGE_RATE: RateLimitRule = { limit: 30, windowMs: 10_000 };
export const memberSendKey = (userId: string) => `messages:${userId}`;
/** Per socket. */
export const SOCKET_SEND_RATE: RateLimitRule = { limit: 20, windowMs: 10_000 };
export const TYPING_RATE: RateLimitRule = { limit: 20, windowMs: 10_000 };
/** A client marks each message read as it arrives in an open chat: never fewer than can be sent. */
export const READ_RATE: RateLimitRule = { limit: 60, windowMs: 10_000 };
/** A reconnect asks once, then pages on while hasMore. */
export const SYNC_RATE: RateLimitRule = { limit: 30, windowMs: 10_000 };
/** The New Message dialog's member search, as it types (RateLimitGuard; README "Rate limits"). */
export const MEMBER_SEARCH_BUDGET = {
  name: 'member-search',
  member: { limit: 120, windowMs: 60_000 },
  ip: { limit: 600, windowMs: 60_000 },
} as const satisfies RateBudget;
