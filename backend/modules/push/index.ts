export * from './events';
export { PushModule } from './push.module';
export { PushService } from './push.service';
export type { PushSendDeps, PushSendJob } from './push-send';
export { PUSH_SEND_JOB, pushSendProcessor } from './push-send';
export { vapidKeysOnce } from './vapid-keys';
