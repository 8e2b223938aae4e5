export { membershipPush, userRoom } from './push';
export type { Push, PushSink } from './push';
export { PushOutbox } from './push-outbox';
export type { PushKind, PushSource } from './push-outbox';
