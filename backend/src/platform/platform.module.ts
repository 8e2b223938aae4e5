import { DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from './config';
import type { Logger } from './logging';
import type { Platform } from './platform';
import type { ProjectionProgress, ReadModels } from '../../projections/runner';
import { CommandExecutor } from './decider/command-executor';
import {
  APP_CONFIG,
  EVENT_STORE,
  JOB_QUEUE,
  LOGGER,
  PROJECTION_PROGRESS,
  READ_MODELS,
  READ_STORE,
} from './tokens';

export interface PlatformProviders {
  config: AppConfig;
  logger: Logger;
  platform: Platform;
  readModels: ReadModels;
  progress: ProjectionProgress;
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
    ];
    return {
      module: PlatformModule,
      providers: [...providers, CommandExecutor],
      exports: [...providers.map((x) => x.provide), CommandExecutor],
    };
  }
}
