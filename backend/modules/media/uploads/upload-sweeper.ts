import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';

import type { Logger } from '../../../src/platform/logging';
import { LOGGER } from '../../../src/platform/tokens';
import { UploadsService } from './uploads.service';

const EVERY = 3600_000;

/** Runs the abandoned-upload sweep hourly in API processes (idempotent if several instances do). */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly uploads: UploadsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => {
      this.uploads.sweep().then(
        (r) => r.deletedChunks && this.logger.info(r, 'abandoned uploads swept'),
        (err) => this.logger.warn({ err }, 'upload sweep failed'),
      );
    }, EVERY);
    // Never keeps the process alive on its own.
    this.timer.unref();
  }

  onModuleDestroy() {
    if (this.timer) clearInterval(this.timer);
  }
}
