/** Short videos: the /videos feed with its autoplay manager, and the video mode of /compose. Screens load lazily. */
export { type PlayerKeyAction, playerKeyAction } from './autoplay';
export { default as VideoComposeScreen } from './compose/VideoComposer';
export { type AutoplayManager, useAutoplayManager } from './hooks/useAutoplayManager';
export { default as VideoFeedScreen } from './screens/VideoFeedScreen';
