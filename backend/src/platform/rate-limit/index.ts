export * from './rate-limiter.port';
export { MemoryRateLimiter } from './memory.rate-limiter';
export { RedisRateLimiter } from './redis.rate-limiter';
export { openRateLimiter } from './open-rate-limiter';
