export { ProfilesModule } from './profiles.module';
export { AuthorsQuery } from './authors.query';
export type { Author } from './authors.query';
export { PostCounts, PostCountsQuery } from './post-counts';
export type { MemberPostCounts } from './post-counts';
export * from './events';
