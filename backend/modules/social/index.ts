export { toAnswerView } from './answer-view';
export { CommentsService } from './comments.service';
export { CommunityGate } from './community-gate';
export * from './events';
export type { PostView } from './post-view';
export { PostsService } from './posts.service';
export { FeedQueries, IN_COMMUNITY } from './queries/feed.queries';
export { PostPreviews } from './queries/post-preview.queries';
export { SocialModule } from './social.module';
export { VideoPostsService } from './video-posts.service';
/** The moderation module replays these streams' history (audit state as of an event). */
export { commentDecider } from './domain/comment.decider';
export { pinDecider } from './domain/pin.decider';
export { postDecider } from './domain/post.decider';
export { reactionDecider } from './domain/reaction.decider';
export { voteDecider } from './domain/vote.decider';
export { SOCIAL_BUDGETS } from './limits';
export { authorOf } from './post-view';
