/** The member's socket.io connection: typed pushes (by event name), client events, status and watches. */
export { useSocketEvent, useSocketReconnect, useSocketStatus, useWatchFeed, useWatchPosts } from './hooks';
export {
  connectSocket,
  disconnectSocket,
  emitSocketEvent,
  emitSocketEventWithAck,
  subscribe,
  type SocketStatus,
} from './socket';
export * from './events';
