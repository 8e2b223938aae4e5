export type { EventPush, MembershipPush, Push, PushSink } from './push';
export { eventPush, membershipPush, userRoom } from './push';
export type { PushKind, PushSource } from './push-outbox';
export { PushOutbox } from './push-outbox';
