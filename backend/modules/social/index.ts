export { SocialModule } from './social.module';
export { PostsService } from './posts.service';
export { CommentsService } from './comments.service';
export { FeedQueries } from './feed.queries';
export type { PostView } from './post-view';
export type * from './domain/social.events';
export { VideoPostsService } from './video/video-posts.service';
export type * from './video/video.events';
