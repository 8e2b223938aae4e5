export * from './events';
export type { Author } from './ports/authors.port';
export { AuthorsQuery } from './ports/authors.port';
export type { MemberPostCounts } from './ports/post-counts.port';
export { PostCounts, PostCountsQuery } from './ports/post-counts.port';
export { ProfilesModule } from './profiles.module';
export { ProfilePreviews } from './queries/profile-preview.queries';
/** The moderation module replays profile streams (audit state as of an event). */
export { profileDecider } from './domain/profile.decider';
