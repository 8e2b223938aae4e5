import { DynamicModule, Global, Module } from '@nestjs/common';

import type { AppConfig } from './config';
import { CommandExecutor } from './decider/command-executor';
import type { ServerSecret } from './http/security/server-secret';
import type { Logger } from './logging';
import type { Platform } from './platform';
import type { PersonalDataVault } from './privacy/personal-data-vault';
import type { RateLimiter } from './rate-limit/rate-limiter.port';
import type { ProjectionProgress, ProjectionsConsole, ReadModels } from './read-models';
import {
  APP_CONFIG,
  EVENT_STORE,
  JOB_QUEUE,
  LOGGER,
  PERSONAL_DATA_VAULT,
  PROJECTION_PROGRESS,
  PROJECTIONS_CONSOLE,
  RATE_LIMITER,
  READ_MODELS,
  READ_STORE,
  SERVER_SECRET,
} from './tokens';

export interface PlatformProviders {
  config: AppConfig;
  logger: Logger;
  platform: Platform;
  readModels: ReadModels;
  progress: ProjectionProgress;
  vault: PersonalDataVault;
  secret: ServerSecret;
  rateLimiter: RateLimiter;
  /** The moderators' projections console; absent where no projectors are built (it answers 503 then). */
  projectionsConsole?: ProjectionsConsole;
}

/** Makes the opened engines injectable everywhere; their lifetime belongs to the runtime. */
@Global()
@Module({})
export class PlatformModule {
  static register(p: PlatformProviders): DynamicModule {
    const providers = [
      { provide: APP_CONFIG, useValue: p.config },
      { provide: LOGGER, useValue: p.logger },
      { provide: EVENT_STORE, useValue: p.platform.eventStore },
      { provide: READ_STORE, useValue: p.platform.readStore },
      { provide: JOB_QUEUE, useValue: p.platform.jobQueue },
      { provide: READ_MODELS, useValue: p.readModels },
      { provide: PROJECTION_PROGRESS, useValue: p.progress },
      { provide: PERSONAL_DATA_VAULT, useValue: p.vault },
      { provide: SERVER_SECRET, useValue: p.secret },
      { provide: RATE_LIMITER, useValue: p.rateLimiter },
      { provide: PROJECTIONS_CONSOLE, useValue: p.projectionsConsole ?? null },
    ];
    return {
      module: PlatformModule,
      providers: [...providers, CommandExecutor],
      exports: [...providers.map((x) => x.provide), CommandExecutor],
    };
  }
}
