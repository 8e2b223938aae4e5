export { NotificationsModule } from './notifications.module';
export { NotificationsService } from './notifications.service';
export * from './events';
