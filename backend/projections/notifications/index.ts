export { notificationsProjector } from './notifications.projector';
export * from './docs';
export * from './categories';
