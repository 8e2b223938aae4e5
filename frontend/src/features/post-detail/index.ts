/** One post with its comments. The screen is loaded lazily by app/routes.tsx. */
export type { AddedComment, Comment, NewComment } from './types';
/** The comment box of the post screen, for other screens that comment in place (the video feed). */
export { CommentComposer } from './components/CommentComposer';
// Not the screen: app/routes.tsx loads it from its own file, and a re-export here would bring the whole
// screen (and what it imports) to every screen that imports something else from this folder.
