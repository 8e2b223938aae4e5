import type { PollView, PostCommunity, PostModeration, PostView, QuotedPostView } from '@contract';
import type { Author } from '@modules/profiles';
import { isGone, type PostDoc } from '@projections/social';

import { type MediaFields, NO_MEDIA } from './media-fields';

/** What the viewer has done to a post, from the one batched lookup of a page. */
export interface ViewerFlags {
  liked: boolean;
  bookmarked: boolean;
  reposted: boolean;
  vote: number | null;
  /**
   * The viewer wrote it. Worked out per request from the stored author, so an anonymous share's
   * author can still find and delete it while every other view of it names nobody.
   */
  own: boolean;
}

export const NO_FLAGS: ViewerFlags = { liked: false, bookmarked: false, reposted: false, vote: null, own: false };

export const DELETED_QUOTE = 'This post was deleted';

export type PostAuthor = Pick<
  Author,
  'id' | 'name' | 'displayName' | 'username' | 'profileImage' | 'avatarUrl' | 'isVerified'
>;

const UNKNOWN_AUTHOR = (id: string): PostAuthor => ({
  id,
  name: 'Unknown',
  displayName: 'Unknown',
  username: '',
  profileImage: null,
  avatarUrl: null,
  isVerified: false,
});

/** Who an anonymous AI answer share shows: nobody (contract/posts.ts isAnonymous). */
const ANONYMOUS_AUTHOR: PostAuthor = {
  id: '',
  name: '',
  displayName: '',
  username: '',
  profileImage: null,
  avatarUrl: null,
  isVerified: false,
};

/** The author a post may show: an anonymous share's author stays in the log only. */
const shownAuthor = (doc: PostDoc, author: PostAuthor) =>
  doc.answer?.anonymous ? { userId: '', user: ANONYMOUS_AUTHOR } : { userId: doc.userId, user: author };

export function authorOf(authors: Map<string, Author>, id: string): PostAuthor {
  const a = authors.get(id);
  if (!a) return UNKNOWN_AUTHOR(id);
  return {
    id: a.id,
    name: a.name,
    displayName: a.displayName,
    username: a.username,
    profileImage: a.profileImage,
    avatarUrl: a.avatarUrl,
    isVerified: a.isVerified,
  };
}

/** What the post document alone knows (no posters, durations or documents). */
export const docMedia = (doc: PostDoc): MediaFields => ({
  ...NO_MEDIA,
  imageUrls: doc.imageUrls,
  videoUrl: doc.videoUrl,
});

/** What the page's batched lookups add beyond the post document and its media. */
export interface PostExtras {
  /** false only when a video post's author turned comments off. */
  allowComments: boolean;
  /** The community it was posted in (its name as it is now). */
  community?: PostCommunity | null;
}

export const DEFAULT_EXTRAS: PostExtras = { allowComments: true };

/** Spec part 1 §3 Post: both spellings of the like and comment counts, poll as option1..option4. */
/** A post as the API answers it: the web app's contract (contract/posts.ts), checked here by the compiler. */
export function toPostView(
  doc: PostDoc,
  author: PostAuthor,
  flags: ViewerFlags,
  quotedPost: QuotedPostView | null,
  media: MediaFields = docMedia(doc),
  extras: PostExtras = DEFAULT_EXTRAS,
): PostView {
  return {
    id: doc.id,
    ...shownAuthor(doc, author),
    content: doc.content,
    type: doc.type,
    hashtags: doc.hashtags,
    mentions: doc.mentions,
    imageUrl: media.imageUrls[0] ?? null,
    imageUrls: media.imageUrls,
    imageCaptions: doc.imageCaptions,
    videoUrl: media.videoUrl,
    videoThumbnailUrl: media.videoThumbnailUrl,
    videoDuration: media.videoDuration,
    videoStatus: media.videoStatus,
    audioUrl: media.audioUrl,
    documents: media.documents,
    quotedPostId: doc.quotedPostId,
    quotedPost,
    createdAt: doc.createdAt,
    editedAt: doc.editedAt,
    isPinned: doc.isPinned,
    likes: doc.likes,
    likeCount: doc.likes,
    isLiked: flags.liked,
    likedByMe: flags.liked,
    commentsCount: doc.comments,
    commentCount: doc.comments,
    // Shares happen outside the app (the share sheet) and are not counted; reposts are.
    shares: 0,
    reposts: doc.reposts,
    isReposted: flags.reposted,
    bookmarks: doc.bookmarks,
    isBookmarked: flags.bookmarked,
    allowComments: extras.allowComments,
    poll: doc.poll ? pollView(doc.poll, flags.vote) : null,
    aiQuestion: doc.answer?.question ?? null,
    aiAnswer: doc.answer?.answer ?? null,
    isAnonymous: doc.answer?.anonymous ?? false,
    isOwn: flags.own,
    community: extras.community ?? null,
    ...(doc.status === 'hidden' && doc.moderation ? { moderation: moderationView(doc.moderation, flags.own) } : {}),
  };
}

/**
 * Why a hidden post is hidden, as its author and the moderators read it (nobody else reads a hidden
 * post): never who hid it. The author may appeal a moderators' hiding once.
 */
function moderationView(m: NonNullable<PostDoc['moderation']>, own: boolean): PostModeration {
  return {
    status: 'hidden',
    by: m.byCommunity ? 'community' : 'moderators',
    reason: m.reason,
    hiddenAt: m.hiddenAt,
    appeal: m.appeal,
    canAppeal: own && !m.byCommunity && m.appeal === null,
  };
}

export type { PostView };

function pollView(poll: NonNullable<PostDoc['poll']>, myVote: number | null): PollView {
  const view: Record<string, unknown> = { question: poll.question };
  poll.options.forEach((text, i) => {
    view[`option${i + 1}`] = text;
    view[`option${i + 1}Votes`] = poll.votes[i] ?? 0;
  });
  view.totalVotes = poll.votes.reduce((a, b) => a + b, 0);
  view.myVote = myVote;
  // The poll decider allows 2 to 4 options, so option1 and option2 are always set.
  return view as unknown as PollView;
}

/** The embedded preview of a quoted post; a removed or hidden one says so instead. */
export function toQuoteView(id: string, doc: PostDoc | undefined, author: PostAuthor | null): QuotedPostView {
  if (!doc || isGone(doc.status) || !author) return { id, deleted: true, content: DELETED_QUOTE };
  return {
    id: doc.id,
    ...shownAuthor(doc, author),
    content: doc.content,
    type: doc.type,
    imageUrls: doc.imageUrls,
    createdAt: doc.createdAt,
    deleted: false,
  };
}
