import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '../event-store/event-store.port';
import type { AppConfig } from '../config';
import type { Logger } from '../logging';
import type { ProjectionProgress } from '../read-models';
import { APP_CONFIG, EVENT_STORE, LOGGER, PROJECTION_PROGRESS } from '../tokens';
import { Decider, DomainEvent } from './decider';
import { CommandMetadata, CommandResult, handleCommand } from './handle-command';

export interface ExecuteOptions {
  /**
   * Read models that must show the command's effect before it answers. Default: every projector
   * that handles one of the appended event types, so whatever the caller reads next is current.
   */
  waitFor?: readonly string[] | 'none';
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
    // 'none': the caller reads nothing that depends on it (e.g. a delivery receipt nobody awaits).
    if (result.checkpoint && options.waitFor !== 'none') {
      const names = [...new Set([...(options.waitFor ?? []), ...this.progress.affectedBy(result.events.map((e) => e.type))])];
      await this.waitFor(result.checkpoint, names, streamId);
    }
    return result;
  }

  /** Waits (bounded) until the named projectors have passed checkpoint; logs when they lag. */
  async waitFor(checkpoint: string, names: readonly string[], context: string): Promise<void> {
    if (!checkpoint || names.length === 0) return;
    const timeout = this.config.projections.readYourWritesTimeoutMs;
    if (!(await this.progress.waitFor(checkpoint, names, timeout))) {
      // The write stands; only the next read may not show it yet.
      this.logger.warn({ context, projections: names, timeout }, 'read models lag behind a command');
    }
  }
}
