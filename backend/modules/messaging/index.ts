export * from './events';
export { MessagingModule } from './messaging.module';
/** The seed sends its demo conversations through the same command as the API. */
export { MessagingService } from './messaging.service';
export { ConversationsQueries } from './queries/conversations.queries';
