/**
 * One atomic step of the sliding window log on Redis: drop hits older than the window, count, and
 * record this hit when allowed. Redis's own clock (TIME) is used so that every API process agrees
 * on the window regardless of its host's clock. The key expires one window after its last hit.
 *
 * KEYS[1] the key's sorted set (score = hit time in ms)
 * ARGV[1] limit, ARGV[2] windowMs, ARGV[3] 'hit' or 'peek', ARGV[4] a unique member suffix
 * Returns { allowed (1/0), remaining, ms until a hit is allowed again, the recorded member (hit only) }.
 */
export const SLIDING_WINDOW_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  if ARGV[3] == 'hit' then
    local member = now .. ':' .. ARGV[4]
    redis.call('ZADD', KEYS[1], now, member)
    redis.call('PEXPIRE', KEYS[1], window)
    return { 1, limit - count - 1, 0, member }
  end
  return { 1, limit - count, 0 }
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return { 0, 0, tonumber(oldest[2]) + window - now }
`;
