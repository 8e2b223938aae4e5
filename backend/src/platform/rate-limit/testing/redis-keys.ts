import IORedis from 'ioredis';

/** Removes every key under prefix (tests clean up after themselves on the shared Redis). */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new IORedis(redisUrl);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
