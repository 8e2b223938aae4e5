export { SocialModule } from './social.module';
export { PostsService } from './posts.service';
export { CommentsService } from './comments.service';
export { FeedQueries } from './queries/feed.queries';
export type { PostView } from './post-view';
export { VideoPostsService } from './video-posts.service';
export * from './events';
