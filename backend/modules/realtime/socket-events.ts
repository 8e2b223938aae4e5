import type { ClientEventName, ClientEvents, ServerPushes } from '@contract';
import { Injectable } from '@nestjs/common';
import type { z, ZodTypeAny } from 'zod';

import type { RateLimitRule } from '../../src/platform/rate-limit/rate-limiter.port';

/** What a handler knows about the socket that sent an event, and how it reaches other members. */
export interface SocketContext {
  userId: string;
  socketId: string;
  requestId: string;
  /** Sends straight to rooms (for ephemeral signals such as typing that change no state). */
  emit<E extends keyof ServerPushes>(rooms: string[], event: E, payload: ServerPushes[E]): void;
  /** Rooms this socket listens to besides its member's own (e.g. the posts on screen). */
  join(rooms: string[]): void;
  leave(rooms: string[]): void;
  /** The rooms this socket is in whose names start with the prefix, so a handler can bound them. */
  roomsStartingWith(prefix: string): string[];
}

export interface SocketEventHandler<S extends ZodTypeAny = ZodTypeAny, Ack = Record<string, unknown>> {
  schema: S;
  /** Counted per socket before the handler runs. */
  rate?: RateLimitRule;
  /** The result goes back in the client's acknowledgement (contract/socket.ts ClientEvents). */
  handle(ctx: SocketContext, data: z.output<S>): Promise<Ack | void>;
}

export type PresenceHook = (ctx: SocketContext, change: 'online' | 'offline') => Promise<void>;

/**
 * The client events the socket server accepts: bounded contexts register theirs here (messaging's
 * send_message, typing, ...), so the gateway knows nothing about any of them.
 */
@Injectable()
export class SocketEvents {
  readonly handlers = new Map<string, SocketEventHandler>();
  readonly presenceHooks: PresenceHook[] = [];

  on<E extends ClientEventName, S extends ZodTypeAny>(
    event: E,
    handler: SocketEventHandler<S, ClientEvents[E]['ack']>,
  ): void {
    if (this.handlers.has(event)) throw new Error(`Socket event "${event}" is registered twice`);
    this.handlers.set(event, handler as unknown as SocketEventHandler);
  }

  /** Called when a member's first socket opens or their last one closes. */
  onPresence(hook: PresenceHook): void {
    this.presenceHooks.push(hook);
  }
}
