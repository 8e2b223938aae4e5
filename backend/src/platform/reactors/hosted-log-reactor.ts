import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { EventStore, RecordedEvent } from '@platform/event-store/event-store.port';
import type { Logger } from '@platform/logging';
import type { ReadStore } from '@platform/read-store/read-store.port';

import { LogReactor } from './log-reactor';

/** What a reactor does: the event types it reacts to, and its (idempotent) handling of one. */
export interface ReactorHandler {
  readonly handles: readonly string[];
  /** Which events of those types it has business with (LogReactorOptions.concerns). */
  concerns?(event: RecordedEvent): boolean;
  handle(event: RecordedEvent): Promise<void>;
}

/**
 * A module's reactor as a Nest provider: a LogReactor running one handler, started once the app
 * is up and stopped at shutdown (after the event in hand). A subclass builds its handler from its
 * own dependencies and passes it up.
 */
export abstract class HostedLogReactor implements OnApplicationBootstrap, OnModuleDestroy {
  readonly reactor: LogReactor;

  protected constructor(
    name: string,
    handler: ReactorHandler,
    runsOn: { eventStore: EventStore; readStore: ReadStore; logger: Logger },
  ) {
    this.reactor = new LogReactor({
      name,
      handles: handler.handles,
      ...(handler.concerns ? { concerns: (event: RecordedEvent) => handler.concerns!(event) } : {}),
      handle: (event) => handler.handle(event),
      ...runsOn,
    });
  }

  onApplicationBootstrap(): void {
    this.reactor.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.reactor.stop();
  }
}
