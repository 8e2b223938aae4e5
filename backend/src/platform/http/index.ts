/**
 * What bounded contexts use from the HTTP edge: error answers, validation, rate limiting, and the
 * cookie names. (createHttpApp is not here: it imports every module, which import this.)
 */
export { ApiError } from './api-error';
export { errorBody } from './http-error';
export type { ErrorBody } from './http-error';
export { enforceRateLimit, assertNotRateLimited, RateLimitedError, RATE_LIMITED_MESSAGE } from './rate-limited';
export { parseBody, ZodBody, ZodBodyPipe, ValidationError, NOT_AN_OBJECT, stripNul } from './validation';
export { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './security/cookie-names';
export { ServerSecret } from './security/server-secret';
