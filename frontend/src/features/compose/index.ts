/** Writing a post: the composer, its draft, media and poll. The screen is loaded lazily by app/routes.tsx. */
export { default as ComposeScreen } from './screens/ComposeScreen';
export { composeApi, useCreatePostMutation, type CreatePostAnswer, type CreatePostRequest } from './api';
