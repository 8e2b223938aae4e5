export * from './categories';
export * from './docs';
export { notificationsProjector } from './notifications.projector';
