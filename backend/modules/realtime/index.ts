export type { Presence, PresenceStatus } from './presence';
export { PRESENCE } from './presence';
export { RealtimeModule } from './realtime.module';
export type { RealtimeServer } from './realtime-server';
export { attachRealtime, detachedPushSink } from './realtime-server';
export type { SocketContext, SocketEventHandler } from './socket-events';
export { SocketEvents } from './socket-events';
