/** Spec part 2 §2, §5 and §9: the video composer's numbers and texts. */
export const VIDEO_POST_LIMITS = {
  captionMax: 2200,
  /** A member's drafts on the server (the browser keeps its own copy too). */
  maxDraftsListed: 50,
  metadataJsonMax: 2000,
} as const;

export const VIDEO_POST_MESSAGES = {
  captionTooLong: 'Caption must be 2200 characters or less.',
  videoRequired: 'Please select a video and ensure you are logged in.',
  tooLarge: 'Video file must be 100MB or smaller',
  verifyFirst: 'Verify your email to post videos.',
  commentsOff: 'Comments are turned off for this post',
  videoNotFound: 'The video of this draft was not found',
} as const;
