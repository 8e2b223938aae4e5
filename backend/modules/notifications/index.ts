export { NotificationsModule } from './notifications.module';
export { NotificationsService } from './notifications.service';
export type { NotificationView } from './notifications.service';
export * from './events';
