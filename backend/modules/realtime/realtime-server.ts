import { randomUUID } from 'node:crypto';

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { enforceRateLimit, parseBody } from '@platform/http';
import { eventPush } from '@platform/push';
import { type Push, type PushSink, userRoom } from '@platform/push/push';
import { Server, type Socket } from 'socket.io';

import type { AppConfig } from '../../src/platform/config';
import type { Logger } from '../../src/platform/logging';
import type { RateLimiter } from '../../src/platform/rate-limit/rate-limiter.port';
import { RATE_LIMITER } from '../../src/platform/tokens';
import { IdentityService } from '../identity';
import { PRESENCE, type Presence } from './presence';
import { useRedisFanout } from './redis-fanout';
import { sessionFromCookieHeader } from './session-cookie';
import { socketErrorBody } from './socket-errors';
import { type SocketContext, SocketEvents } from './socket-events';
import { socketOriginAllowed } from './socket-origin';

type Ack = (answer: Record<string, unknown>) => void;

/** Sends pushes through an io server; with the Redis adapter they reach every instance's sockets. */
export class IoPushSink implements PushSink {
  /** Set on shutdown: the adapter's Redis connections are going away. */
  closed = false;

  constructor(private readonly io: Server) {}

  publish(push: Push): void {
    if (this.closed) return;
    if (push.membership) {
      this.changeRooms(push.rooms, push.membership);
      return;
    }
    if (!push.closeSockets) {
      const to = this.io.to(push.rooms);
      (push.except?.length ? to.except(push.except) : to).emit(push.event, push.payload);
      return;
    }
    // With the Redis adapter fetchSockets reaches every instance's sockets.
    const { sessionHash } = push.closeSockets;
    void this.io
      .in(push.rooms)
      .fetchSockets()
      .then((sockets) => {
        for (const socket of sockets) {
          if (sessionHash && socket.data.sessionHash !== sessionHash) continue;
          socket.emit(push.event, push.payload);
          socket.disconnect(true);
        }
      })
      .catch(() => undefined);
  }

  /**
   * The Redis adapter applies a socketsJoin / socketsLeave through Redis, also on this instance,
   * while an emit reaches this instance's sockets at once: the change is applied here at once too,
   * so it comes before the emits this process sends after it (then again, the same, when Redis
   * hands it back). Without Redis both steps are the same local change.
   */
  private changeRooms(rooms: string[], { join, leave }: NonNullable<Push['membership']>): void {
    for (const target of [this.io.local.in(rooms), this.io.in(rooms)]) {
      if (join?.length) target.socketsJoin(join);
      if (leave?.length) target.socketsLeave(leave);
    }
  }
}

export interface RealtimeServer {
  io: Server;
  sink: PushSink;
  close(): Promise<void>;
}

/**
 * socket.io on the app's own HTTP server. The handshake must come from the app's own pages when it
 * comes from a browser (socket-origin.ts) and carry a live dc.sid session cookie (else the
 * connection is refused); each socket joins its member's room; client events are
 * validated and rate limited per socket, and a failure answers an `error` event, never a crash.
 */
export async function attachRealtime(
  http: NestFastifyApplication,
  config: AppConfig,
  logger: Logger,
): Promise<RealtimeServer> {
  const log = logger.child({ component: 'realtime' });
  const identity = http.get(IdentityService);
  const events = http.get(SocketEvents);
  const presence = http.get<symbol, Presence>(PRESENCE);
  const limiter = http.get<symbol, RateLimiter>(RATE_LIMITER);
  const io = new Server(http.getHttpServer(), {
    serveClient: false,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    allowRequest: (req, answer) => {
      const allowed = socketOriginAllowed(
        req.headers.origin,
        req.headers.host,
        config.http.publicUrl,
        config.env === 'production',
      );
      if (!allowed) log.warn({ origin: req.headers.origin }, 'socket handshake from another site refused');
      answer(allowed ? null : 'Origin not allowed', allowed);
    },
  });
  const closeFanout = config.redisUrl ? await useRedisFanout(io, config, log) : async () => undefined;
  const sink = new IoPushSink(io);

  io.use((socket, next) => {
    identity
      .sessionUser(sessionFromCookieHeader(socket.handshake.headers.cookie))
      .then((session) => {
        if (!session) {
          const refused = new Error('Not authenticated') as Error & { data?: unknown };
          refused.data = { error: 'Unauthorized', message: 'Not authenticated', code: 'UNAUTHORIZED' };
          return next(refused);
        }
        socket.data.userId = session.user.id;
        socket.data.sessionHash = session.sessionHash;
        next();
      })
      .catch((err) => {
        log.error({ err }, 'socket handshake failed');
        next(new Error('Handshake failed'));
      });
  });

  io.on('connection', (socket) => {
    const userId = socket.data.userId as string;
    const ctx: SocketContext = {
      userId,
      socketId: socket.id,
      requestId: `socket-${socket.id}`,
      emit: (rooms, event, payload) => sink.publish(eventPush('', rooms, event, payload)),
      // A handler that awaited may finish after its socket went: socket.io would still add the
      // dead id to the rooms, after the disconnect clean-up, and nothing would ever take it out.
      join: (rooms) => {
        if (socket.connected) void socket.join(rooms);
      },
      leave: (rooms) => rooms.forEach((room) => void socket.leave(room)),
      roomsStartingWith: (prefix) => [...socket.rooms].filter((room) => room.startsWith(prefix)),
    };
    void socket.join(userRoom(userId));
    const presenceChanged = (change: 'online' | 'offline') =>
      Promise.all(events.presenceHooks.map((hook) => hook(ctx, change))).catch((err) =>
        log.warn({ err, userId }, 'presence hook failed'),
      );
    void presence
      .connected(userId, socket.id)
      .then((first) => (first ? presenceChanged('online') : undefined))
      .catch((err) => log.warn({ err }, 'presence update failed'));
    socket.on('disconnect', () => {
      // On shutdown the sockets of this instance lapse from shared presence on their own (TTL).
      if (sink.closed) return;
      void presence
        .disconnected(userId, socket.id)
        .then((last) => (last ? presenceChanged('offline') : undefined))
        .catch((err) => log.warn({ err }, 'presence update failed'));
    });
    socket.onAny((event: string, ...args: unknown[]) => void dispatch(socket, ctx, event, args));
  });

  async function dispatch(socket: Socket, ctx: SocketContext, event: string, args: unknown[]) {
    const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as Ack) : null;
    const handler = events.handlers.get(event);
    try {
      if (!handler) throw new UnknownEvent(event);
      if (handler.rate) await enforceRateLimit(limiter, `socket:${socket.id}:${event}`, handler.rate);
      const data = parseBody(handler.schema, args[0]);
      const result = await handler.handle({ ...ctx, requestId: `socket-${randomUUID()}` }, data);
      ack?.({ ok: true, ...(result ?? {}) });
    } catch (err) {
      const body =
        err instanceof UnknownEvent
          ? { error: 'Bad Request', message: err.message, code: 'UNKNOWN_EVENT' }
          : socketErrorBody(err);
      if (body.code === 'INTERNAL') log.error({ err, event, userId: ctx.userId }, 'socket event failed');
      socket.emit('error', { event, ...body });
      ack?.({ ok: false, ...body });
    }
  }

  return {
    io,
    sink,
    close: async () => {
      sink.closed = true;
      io.local.disconnectSockets(true);
      // Not io.close(): that would close the HTTP server, which Nest closes itself.
      io.engine.close();
      await closeFanout();
    },
  };
}

class UnknownEvent extends Error {
  constructor(event: string) {
    super(`Unknown event "${event}"`);
  }
}

/** For a process without HTTP (ROLE=projections): an io server with no sockets, only the adapter. */
export async function detachedPushSink(
  config: AppConfig,
  logger: Logger,
): Promise<{ sink: PushSink | null; close(): Promise<void> }> {
  if (!config.redisUrl) {
    logger.warn('no REDIS_URL: socket pushes from this projections process cannot reach API processes');
    return { sink: null, close: async () => undefined };
  }
  const io = new Server();
  const closeFanout = await useRedisFanout(io, config, logger.child({ component: 'realtime' }));
  const sink = new IoPushSink(io);
  return {
    sink,
    close: async () => {
      sink.closed = true;
      await closeFanout();
    },
  };
}
