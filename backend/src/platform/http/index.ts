/**
 * What bounded contexts use from the HTTP edge: error answers, validation, rate limiting, and the
 * cookie names. (createHttpApp is not here: it imports every module, which import this.)
 */
export { ApiError } from './api-error';
export { clientAddressKey } from './client-address';
export type { ErrorBody } from './http-error';
export { errorBody } from './http-error';
export { assertOneClickBody } from './one-click-form';
export { assertNotRateLimited, enforceRateLimit, RATE_LIMITED_MESSAGE, RateLimitedError } from './rate-limited';
export { DEFAULT_WRITE_BUDGET, type RateBudget, RateLimit, type RequestMember } from './rate-limits';
export { type AppLanguage, requestLanguage } from './request-language';
export { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './security/cookie-names';
export { rotateCsrfToken } from './security/csrf-cookie';
export { isOneClickUnsubscribe } from './security/one-click-unsubscribe';
export { ServerSecret } from './security/server-secret';
export { isSecureTransport } from './security/transport';
export { NOT_AN_OBJECT, parseBody, stripNul, ValidationError, ZodBody, ZodBodyPipe } from './validation';
