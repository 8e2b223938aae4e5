export { MemoryRateLimiter } from './memory.rate-limiter';
export { openRateLimiter } from './open-rate-limiter';
export * from './rate-limiter.port';
export { RedisRateLimiter } from './redis.rate-limiter';
