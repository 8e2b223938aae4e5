import { COMPOSE_LIMITS } from '../limits';
import { extensionOf, type MediaKind } from '../media/fileRules';
import type { Dimensions } from '../media/imageCompression';

/** §3 composer media item, plus the caption an image carries. */
export interface ComposerMediaItem {
  id: string;
  file: File;
  type: MediaKind;
  /** Object URL for the preview; '' where the browser offers none. */
  preview: string;
  duration: number | null;
  dimensions: Dimensions | null;
  compressed: boolean;
  caption: string;
  /** A voice recording made in the composer rather than a picked file. */
  recorded?: boolean;
}

/** §2 text size toggle, in the order it cycles. */
export const TEXT_SIZES = ['normal', 'large', 'small'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

export interface ComposeDraft {
  text: string;
  textSize: TextSize;
  media: ComposerMediaItem[];
  /** Option texts while the poll editor is open; null without a poll. */
  poll: string[] | null;
  quotedPostId: string | null;
  /** The community the post is written in (issue 41); null posts to the member's followers. */
  communityId: string | null;
}

export const EMPTY_DRAFT: ComposeDraft = {
  text: '',
  textSize: 'normal',
  media: [],
  poll: null,
  quotedPostId: null,
  communityId: null,
};

export type DraftProblem =
  | { code: 'tooLong'; max: number }
  | { code: 'captionTooLong'; max: number }
  | { code: 'pollNeedsTwo' }
  | { code: 'pollOptionTooLong'; max: number }
  | { code: 'emptyPost' };

export function filledPollOptions(poll: readonly string[] | null): string[] {
  return (poll ?? []).map((o) => o.trim()).filter(Boolean);
}

/** §5: options count only when at least 2 are filled. */
export function hasCompletePoll(draft: Pick<ComposeDraft, 'poll'>): boolean {
  return filledPollOptions(draft.poll).length >= COMPOSE_LIMITS.pollMinOptions;
}

/** §5: text, media, or a poll with 2 or more filled options. */
export function hasContent(draft: ComposeDraft): boolean {
  return draft.text.trim().length > 0 || draft.media.length > 0 || hasCompletePoll(draft);
}

/** Problems shown while typing, before any attempt to post. */
export function liveProblems(draft: ComposeDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (draft.text.length > COMPOSE_LIMITS.textMax) problems.push({ code: 'tooLong', max: COMPOSE_LIMITS.textMax });
  if (draft.media.some((m) => m.caption.length > COMPOSE_LIMITS.captionMax))
    problems.push({ code: 'captionTooLong', max: COMPOSE_LIMITS.captionMax });
  if ((draft.poll ?? []).some((o) => o.trim().length > COMPOSE_LIMITS.pollOptionMax))
    problems.push({ code: 'pollOptionTooLong', max: COMPOSE_LIMITS.pollOptionMax });
  return problems;
}

/** Every §5 rule a post must pass before it is sent. */
export function validateDraft(draft: ComposeDraft): DraftProblem[] {
  const problems = liveProblems(draft);
  if (!hasContent(draft)) problems.push({ code: 'emptyPost' });
  // An open poll with one filled option would silently become a text post; say so instead.
  else if (draft.poll && !hasCompletePoll(draft)) problems.push({ code: 'pollNeedsTwo' });
  return problems;
}

/** The Post button: content present and nothing that would be refused. */
export function canPost(draft: ComposeDraft): boolean {
  return hasContent(draft) && liveProblems(draft).length === 0;
}

/** The type the server will record (its own order: poll, quote, media, text). */
export function postType(draft: ComposeDraft): 'poll' | 'quote' | 'media' | 'text' {
  if (hasCompletePoll(draft)) return 'poll';
  if (draft.quotedPostId) return 'quote';
  if (draft.media.length > 0) return 'media';
  return 'text';
}

const KIND_ORDER: Record<MediaKind, number> = { image: 0, video: 1, audio: 2, document: 3 };

/** Images first, in the order picked, so that `imageCaptions[i]` belongs to the i-th image. */
export function orderedMedia(media: readonly ComposerMediaItem[]): ComposerMediaItem[] {
  return [...media].sort((a, b) => KIND_ORDER[a.type] - KIND_ORDER[b.type]);
}

/** §7 POST /api/posts multipart body. */
export function buildPostForm(draft: ComposeDraft): FormData {
  const form = new FormData();
  const media = orderedMedia(draft.media);
  form.set('content', draft.text);
  form.set('type', postType(draft));
  for (const item of media) form.append('media', item.file, item.file.name);
  const images = media.filter((m) => m.type === 'image');
  if (images.length > 0) form.set('imageCaptions', JSON.stringify(images.map((m) => m.caption.trim())));
  const video = media.find((m) => m.type === 'video');
  if (video) {
    if (video.duration !== null) form.set('videoDuration', String(video.duration));
    if (video.dimensions) {
      form.set('videoWidth', String(video.dimensions.width));
      form.set('videoHeight', String(video.dimensions.height));
    }
    form.set('videoSize', String(video.file.size));
    form.set('videoFormat', video.file.type || extensionOf(video.file.name));
  }
  if (hasCompletePoll(draft)) form.set('pollOptions', JSON.stringify(filledPollOptions(draft.poll)));
  if (draft.quotedPostId) form.set('quotedPostId', draft.quotedPostId);
  if (draft.communityId) form.set('communityId', draft.communityId);
  return form;
}
