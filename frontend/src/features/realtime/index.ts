/** Realtime: the member's socket.io connection, its pushes and its status. */
export { RealtimeBridge } from './RealtimeBridge';
export { useSocketEvent, useSocketReconnect, useSocketStatus, useWatchFeed, useWatchPosts } from './hooks';
export { emitSocketEvent, emitSocketEventWithAck, type SocketStatus } from './socket';
export { SOCKET_EVENTS, type PostUpdatedPush, type NotificationPush } from './events';
