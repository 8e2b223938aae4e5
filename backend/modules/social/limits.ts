/** The numbers and texts of spec part 1 §5 and §9 that posts and comments follow. */
export const POST_LIMITS = {
  /** Not in the spec; a sane ceiling for a new post (edits are held to the spec's 500). */
  createMax: 5000,
  editMax: 500,
  editWindowMs: 5 * 60_000,
  pollMinOptions: 2,
  pollMaxOptions: 4,
  pollOptionMax: 100,
  captionMax: 100,
  /** Part 1 §5: attachments of one post (or comment). */
  maxImages: 4,
  maxVideos: 1,
  commentMax: 2000,
  reportReasonMax: 500,
  pageSize: 20,
  maxPageSize: 50,
} as const;

export const MESSAGES = {
  emptyPost: 'Empty post: Please add some content to your post.',
  emptyComment: 'Empty comment: Please add some content to your comment.',
  limited: 'Post created with limited features',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  editNotOwner: 'You can only edit your own posts',
  editWindow: 'Posts can only be edited within 5 minutes of posting.',
  editEmpty: 'Post content cannot be empty',
  editTooLong: 'Post must be 500 characters or less',
  deleteNotAllowed: 'You can only delete your own posts',
  moderatorsOnly: 'Only moderators and admins can do this',
  alreadyHidden: 'This post is already hidden',
  notHidden: 'This post is not hidden',
  pinNotOwner: 'You can only pin your own posts',
  notAPoll: 'This post has no poll',
  badOption: 'Please choose one of the poll options',
  deleteCommentNotAllowed: 'You can only delete your own comments or comments on your posts',
  tooManyImages: 'You can upload up to 4 images per post.',
  tooManyVideos: 'You can upload only one video per post.',
  answerNotEditable: 'A shared answer cannot be edited',
  shareQuestionRequired: 'Question is required',
  shareAnswerRequired: 'Answer is required',
  shareQuestionTooLong: 'Question must be 500 characters or less',
  shareAnswerTooLong: 'Answer must be 10000 characters or less',
} as const;

/** Spec part 2 §7: shared AI answers (the question limit is the AI scholar's own). */
export const ANSWER_LIMITS = {
  questionMax: 500,
  answerMax: 10_000,
  feedPage: 20,
  maxFeedPage: 50,
} as const;

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
  uploadNotFound: 'The uploaded video was not found. Please upload it again.',
} as const;
