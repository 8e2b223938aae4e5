export { budgetFor, DEFAULT_WRITE_BUDGET, type RateBudget, RateLimit, WRITE_METHODS } from './rate-budget';
export { RateLimitGuard } from './rate-limit.guard';
export { RateLimitModule } from './rate-limit.module';
export type { RequestMember } from './request-member';
