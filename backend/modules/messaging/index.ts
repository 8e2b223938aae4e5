export { MessagingModule } from './messaging.module';
export { ConversationsQuery } from './conversations.query';
export type { ConversationEvent, MessageEvent } from './domain/conversation.events';
