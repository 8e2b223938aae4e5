/** Short videos: the /videos feed with its autoplay manager, and the video mode of /compose. Screens load lazily. */
export { default as VideoComposeScreen } from './compose/VideoComposer';
export { default as VideoFeedScreen } from './screens/VideoFeedScreen';
