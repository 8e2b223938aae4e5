/** One post with its comments. The screen is loaded lazily by app/routes.tsx. */
export { default as PostDetailScreen } from './screens/PostDetailScreen';
export type { AddedComment, Comment, NewComment } from './types';
/** The comment box of the post screen, for other screens that comment in place (the video feed). */
export { CommentComposer } from './components/CommentComposer';
