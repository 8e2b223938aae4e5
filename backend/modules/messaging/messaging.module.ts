import { Module, OnModuleInit } from '@nestjs/common';

import { AccountExportService, IdentityModule } from '../identity';
import { MediaModule } from '../media';
import { ProfilesModule } from '../profiles';
import { RealtimeModule } from '../realtime';
import { RelationshipsModule } from '../relationships';
import { ConversationsController } from './http/conversations.controller';
import { MessagesController } from './http/messages.controller';
import { MessagingExport } from './messaging.export';
import { MessagingService } from './messaging.service';
import { ConversationsQueries } from './queries/conversations.queries';
import { MessagingSocketHandlers } from './socket/messaging.socket-handlers';

/** Direct messages between two members, over HTTP and the socket. */
@Module({
  imports: [IdentityModule, ProfilesModule, RelationshipsModule, RealtimeModule, MediaModule],
  controllers: [ConversationsController, MessagesController],
  providers: [MessagingService, ConversationsQueries, MessagingSocketHandlers, MessagingExport],
  exports: [ConversationsQueries],
})
export class MessagingModule implements OnModuleInit {
  constructor(
    private readonly accountExport: AccountExportService,
    private readonly messagingExport: MessagingExport,
  ) {}

  onModuleInit() {
    this.accountExport.register('messagesSent', (userId) => this.messagingExport.messagesSent(userId));
  }
}
