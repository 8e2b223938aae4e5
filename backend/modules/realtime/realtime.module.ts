import { Inject, Module, OnModuleDestroy } from '@nestjs/common';
import IORedis from 'ioredis';

import type { AppConfig } from '../../src/platform/config';
import { APP_CONFIG } from '../../src/platform/tokens';
import { MemoryPresence } from './memory.presence';
import { PRESENCE, type Presence } from './presence';
import { RedisPresence } from './redis.presence';
import { SocketEvents } from './socket-events';

/** Presence and the registry of socket events; the socket server itself is attached by the runtime. */
@Module({
  providers: [
    SocketEvents,
    {
      provide: PRESENCE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Presence =>
        config.redisUrl
          ? new RedisPresence(
              new IORedis(config.redisUrl, { maxRetriesPerRequest: 2, enableAutoPipelining: true }),
              `${config.queuePrefix}:rt`,
            )
          : new MemoryPresence(),
    },
  ],
  exports: [SocketEvents, PRESENCE],
})
export class RealtimeModule implements OnModuleDestroy {
  constructor(@Inject(PRESENCE) private readonly presence: Presence) {}

  async onModuleDestroy() {
    await this.presence.close();
  }
}
