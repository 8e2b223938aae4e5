import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { ProfilesModule } from '../profiles';
import { NotificationsController } from './http/notifications.controller';
import { NotificationsService } from './notifications.service';

/** Notifications of social activity (likes, comments, mentions, reposts, quotes, follows). */
@Module({
  imports: [IdentityModule, ProfilesModule],
  controllers: [NotificationsController],
  providers: [NotificationsService],
  exports: [NotificationsService],
})
export class NotificationsModule {}
