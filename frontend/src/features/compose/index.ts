/** Writing a post: the composer, its draft, media and poll. The screen is loaded lazily by app/routes.tsx. */
export { composeApi, type CreatePostAnswer, type CreatePostRequest, useCreatePostMutation } from './api';
export { useVoiceRecorder, type VoiceRecorder } from './hooks/useVoiceRecorder';
// Not the screen: app/routes.tsx loads it from its own file, and a re-export here would bring the whole
// screen (and what it imports) to every screen that imports something else from this folder.
