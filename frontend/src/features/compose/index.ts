/** Writing a post: the composer, its draft, media and poll. The screen is loaded lazily by app/routes.tsx. */
export { composeApi, type CreatePostAnswer, type CreatePostRequest, useCreatePostMutation } from './api';
export { useVoiceRecorder, type VoiceRecorder } from './hooks/useVoiceRecorder';
export { default as ComposeScreen } from './screens/ComposeScreen';
