/** The member's socket.io connection: typed pushes (by event name), client events, status and watches. */
export * from './events';
export {
  useSocketConnect,
  useSocketEvent,
  useSocketReconnect,
  useSocketStatus,
  useWatchFeed,
  useWatchPosts,
  useWatchSupport,
} from './hooks';
export {
  connectSocket,
  disconnectSocket,
  emitSocketEvent,
  emitSocketEventWithAck,
  type SocketStatus,
  subscribe,
} from './socket';
