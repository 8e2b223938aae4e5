export { MessagingModule } from './messaging.module';
export { ConversationsQuery } from './conversations.query';
export * from './events';
