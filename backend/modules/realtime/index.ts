export { RealtimeModule } from './realtime.module';
export { SocketEvents } from './socket-events';
export type { SocketContext, SocketEventHandler } from './socket-events';
export { PRESENCE } from './presence';
export type { Presence, PresenceStatus } from './presence';
export { attachRealtime, detachedPushSink } from './realtime-server';
export type { RealtimeServer } from './realtime-server';
