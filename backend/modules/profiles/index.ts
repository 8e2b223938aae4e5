export { ProfilesModule } from './profiles.module';
export { AuthorsQuery } from './ports/authors.port';
export type { Author } from './ports/authors.port';
export { PostCounts, PostCountsQuery } from './ports/post-counts.port';
export type { MemberPostCounts } from './ports/post-counts.port';
export * from './events';
