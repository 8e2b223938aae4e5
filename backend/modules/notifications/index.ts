export * from './events';
export { NotificationsModule } from './notifications.module';
export { NotificationsService } from './notifications.service';
