export { toAnswerView } from './answer-view';
export { CommentsService } from './comments.service';
export * from './events';
export type { PostView } from './post-view';
export { PostsService } from './posts.service';
export { FeedQueries } from './queries/feed.queries';
export { SocialModule } from './social.module';
export { VideoPostsService } from './video-posts.service';
