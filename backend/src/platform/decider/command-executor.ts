import { Inject, Injectable } from '@nestjs/common';

import type { AppConfig } from '../config';
import type { EventStore } from '../event-store/event-store.port';
import type { Logger } from '../logging';
import { preciseNow, publishWritePhase } from '../metrics/write-phases';
import type { ProjectionProgress } from '../read-models';
import { APP_CONFIG, EVENT_STORE, LOGGER, PROJECTION_PROGRESS } from '../tokens';
import { Decider, DomainEvent } from './decider';
import { CommandMetadata, CommandResult, handleCommand } from './handle-command';
import { appendDecisions, type StreamDecision } from './multi-stream';

export interface ExecuteOptions {
  /**
   * Read models that must show the command's effect before it answers, besides every projector
   * that handles one of the appended event types (so whatever anyone reads next is current).
   */
  waitFor?: readonly string[] | 'none';
  /**
   * The read models the caller reads next (a member who posts opens their feed or the post). When
   * given, the command waits for these and `waitFor` only: the other projectors of its events (the
   * search index, another member's notifications) catch up behind the answer instead of inside it.
   * What another member reads was never covered by read-your-writes anyway.
   */
  readsNext?: readonly string[];
  /** The stream's id was just made by the caller: appended without reading it first (HandleOptions.newStream). */
  newStream?: boolean;
}

/** A command being timed for bench:writes: its metadata (the request id) and when it began. */
export interface TimedCommand {
  metadata: CommandMetadata;
  startedAt: number;
}

/** What a command appended: the checkpoint to wait for, and the events (their types say which read models). */
export interface Written {
  checkpoint: string;
  events: readonly { type: string }[];
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
    const startedAt = preciseNow();
    const result = await handleCommand(this.eventStore, streamId, decider, command, metadata, {
      newStream: options.newStream ?? false,
    });
    await this.waitForEvents(result, streamId, options, { metadata, startedAt });
    return result;
  }

  /**
   * A command that writes several streams together (a sign-up reserves its username and email with
   * the user stream): appended as one where the engine allows (see appendDecisions), then waited for
   * like a single command.
   */
  async executeMany(
    decisions: readonly StreamDecision[],
    metadata: CommandMetadata,
    options: ExecuteOptions = {},
  ): Promise<Written> {
    const startedAt = preciseNow();
    const results = await appendDecisions(this.eventStore, decisions, metadata);
    const written = {
      checkpoint:
        results
          .map((r) => r.checkpoint)
          .sort()
          .pop() ?? '',
      events: results.flatMap((r) => r.events),
    };
    await this.waitForEvents(written, decisions[0]?.streamId ?? '', options, { metadata, startedAt });
    return written;
  }

  /** Read-your-writes for appended events: the read models they change, plus those asked for. */
  async waitForEvents(
    written: Written,
    context: string,
    options: ExecuteOptions = {},
    command?: TimedCommand,
  ): Promise<void> {
    // 'none': the caller reads nothing that depends on it (e.g. a delivery receipt nobody awaits).
    if (!written.checkpoint || options.waitFor === 'none') return;
    const changed = options.readsNext ?? this.progress.affectedBy(written.events.map((e) => e.type));
    const names = [...new Set([...(options.waitFor ?? []), ...changed])];
    await this.waitFor(written.checkpoint, names, context, command);
  }

  /**
   * Waits (bounded) until the named projectors have passed checkpoint; logs when they lag. With the
   * command's start, its phases go to bench:writes (write-phases.ts).
   */
  async waitFor(checkpoint: string, names: readonly string[], context: string, command?: TimedCommand): Promise<void> {
    if (!checkpoint || names.length === 0) return;
    const waitStartedAt = preciseNow();
    const timeout = this.config.projections.readYourWritesTimeoutMs;
    // The write stands whatever happens here; only the next read may not show it yet. Progress that
    // cannot even be read (the read store is down, or its projections never ran) is lag too.
    const caughtUp = await this.progress.waitFor(checkpoint, names, timeout).catch((err: unknown) => {
      this.logger.warn({ err, context, projections: names }, 'projection progress unreadable after a command');
      return true;
    });
    if (!caughtUp) this.logger.warn({ context, projections: names, timeout }, 'read models lag behind a command');
    if (command)
      publishWritePhase(() => ({
        kind: 'command',
        requestId: command.metadata.requestId ?? null,
        checkpoint,
        projectors: [...names],
        startedAt: command.startedAt,
        waitStartedAt,
        endedAt: preciseNow(),
      }));
  }
}
