import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '../event-store/event-store.port';
import type { AppConfig } from '../config';
import type { Logger } from '../logging';
import type { ProjectionProgress } from '../../../projections/runner/progress';
import { APP_CONFIG, EVENT_STORE, LOGGER, PROJECTION_PROGRESS } from '../tokens';
import { Decider, DomainEvent } from './decider';
import { CommandMetadata, CommandResult, handleCommand } from './handle-command';

export interface ExecuteOptions {
  /** Read models the caller reads next: answer only once they show the command's effect. */
  waitFor?: readonly string[];
}

/**
 * What command handlers call: decide and append (with conflict retries), then wait, bounded by
 * READ_YOUR_WRITES_TIMEOUT_MS, until the named projections have passed the appended events.
 */
@Injectable()
export class CommandExecutor {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute<State, Command, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<State, Command, Event>,
    command: Command,
    metadata: CommandMetadata,
    options: ExecuteOptions = {},
  ): Promise<CommandResult<State>> {
    const result = await handleCommand(this.eventStore, streamId, decider, command, metadata);
    if (result.checkpoint && options.waitFor?.length) {
      const timeout = this.config.projections.readYourWritesTimeoutMs;
      const caughtUp = await this.progress.waitFor(result.checkpoint, options.waitFor, timeout);
      if (!caughtUp) {
        // The write stands; only the next read may not show it yet.
        this.logger.warn({ streamId, projections: options.waitFor, timeout }, 'read models lag behind a command');
      }
    }
    return result;
  }
}
