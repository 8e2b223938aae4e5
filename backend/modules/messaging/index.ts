export { MessagingModule } from './messaging.module';
export { ConversationsQueries } from './queries/conversations.queries';
export * from './events';
