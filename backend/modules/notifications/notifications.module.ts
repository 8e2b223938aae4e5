import { Module } from '@nestjs/common';

import { IdentityModule } from '../identity';
import { ProfilesModule } from '../profiles';
import { RealtimeModule } from '../realtime';
import { NotificationsController } from './http/notifications.controller';
import { NotificationsService } from './notifications.service';
import { NotificationsSocketHandlers } from './socket/notifications.socket-handlers';

/** Notifications of social activity (likes, comments, mentions, reposts, quotes, follows) and messages. */
@Module({
  imports: [IdentityModule, ProfilesModule, RealtimeModule],
  controllers: [NotificationsController],
  providers: [NotificationsService, NotificationsSocketHandlers],
  exports: [NotificationsService],
})
export class NotificationsModule {}
