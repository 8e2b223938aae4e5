import type { RateBudget } from '@platform/http';

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
  /** A post's author appealing its hiding: a few words of their own, optional. */
  appealMax: 500,
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
  appealNotOwner: 'Only the author of a post can appeal its hiding',
  appealNotHidden: 'This post is not hidden: there is nothing to appeal',
  appealTwice: 'You have already appealed this decision: the moderators will review it',
  appealAlreadyReviewed: 'Your appeal was already reviewed: a post can be appealed once each time it is hidden',
  appealCommunity: "This post was removed by its community's moderators: only they can bring it back",
  appealTooLong: 'Your appeal must be 500 characters or less',
  appealNotText: 'Your appeal must be text (or left out)',
  appealSent: 'Your appeal was sent. The moderators will review your post.',
  noOpenAppeal: 'There is no open appeal on this post',
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
  /** The feed shows a share as the scholar's words: only what it said to this member may go there. */
  answerNotProduced:
    'Only an answer the AI scholar gave you can be shared. Ask your question again and share the answer you get.',
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

const MINUTE = 60_000;

/**
 * Rate budgets of the social routes (RateLimitGuard; README "Rate limits"): per member, and per IP
 * address five times that since several members may share one. Far above what a person does by
 * hand, well below what a script does.
 */
export const SOCIAL_BUDGETS = {
  /** New posts (text, media, video, shared AI answers). */
  posts: {
    name: 'posts',
    member: { limit: 30, windowMs: 10 * MINUTE },
    ip: { limit: 150, windowMs: 10 * MINUTE },
  },
  comments: {
    name: 'comments',
    member: { limit: 60, windowMs: 10 * MINUTE },
    ip: { limit: 300, windowMs: 10 * MINUTE },
  },
  /** Likes, bookmarks, reposts (on and off) and poll votes. */
  reactions: {
    name: 'reactions',
    member: { limit: 120, windowMs: MINUTE },
    ip: { limit: 600, windowMs: MINUTE },
  },
  /** Reports of posts, comments, members and messages (moderation uses it too), and a post author's appeals. */
  reports: {
    name: 'reports',
    member: { limit: 30, windowMs: 60 * MINUTE },
    ip: { limit: 150, windowMs: 60 * MINUTE },
  },
} as const satisfies Record<string, RateBudget>;
