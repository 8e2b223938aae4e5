export * from './events';
export { ModerationModule } from './moderation.module';
