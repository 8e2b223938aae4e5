import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { ProfilesModule } from '../profiles';
import { RealtimeModule } from '../realtime';
import { RelationshipsModule } from '../relationships';
import { ConversationsQuery } from './conversations.query';
import { ConversationsController } from './http/conversations.controller';
import { MessagesController } from './http/messages.controller';
import { MessagingService } from './messaging.service';
import { MessagingSocketHandlers } from './socket/messaging.socket-handlers';

/** Direct messages between two members, over HTTP and the socket. */
@Module({
  imports: [IdentityModule, ProfilesModule, RelationshipsModule, RealtimeModule],
  controllers: [ConversationsController, MessagesController],
  providers: [MessagingService, ConversationsQuery, MessagingSocketHandlers],
  exports: [ConversationsQuery],
})
export class MessagingModule {}
