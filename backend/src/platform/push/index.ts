export { eventPush, membershipPush, userRoom } from './push';
export type { EventPush, MembershipPush, Push, PushSink } from './push';
export { PushOutbox } from './push-outbox';
export type { PushKind, PushSource } from './push-outbox';
