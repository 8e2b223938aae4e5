/** Short videos: the /videos feed with its autoplay manager, and the video mode of /compose. Screens load lazily. */
export { type PlayerKeyAction, playerKeyAction } from './autoplay';
export { default as VideoComposeScreen } from './compose/VideoComposer';
export { type AutoplayManager, useAutoplayManager } from './hooks/useAutoplayManager';
// Not the screen: app/routes.tsx loads it from its own file, and a re-export here would bring the whole
// screen (and what it imports) to every screen that imports something else from this folder.
