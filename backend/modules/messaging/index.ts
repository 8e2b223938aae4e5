export * from './events';
export { MessagingModule } from './messaging.module';
export { ConversationsQueries } from './queries/conversations.queries';
