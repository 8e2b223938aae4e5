import type { KeyUnder } from '@/i18n';

const MB = 1024 * 1024;

/** Part 2 §5 and §9 video post rules. */
export const VIDEO_POST_RULES = {
  maxBytes: 100 * MB,
  maxSeconds: 90,
  mime: 'video/mp4',
  captionMax: 2200,
  warnUnder: 50,
  dangerUnder: 10,
  /** §4: after a successful post, 100% shows this long before the feed opens. */
  settleMs: 800,
} as const;

/** A composer message, as a key under `videos.compose.error`. */
export type VideoRuleMessage = KeyUnder<'videos.compose.error'>;

/** What can be checked before the file is read: size, then type. */
export function checkVideoFile(file: Pick<File, 'size' | 'type'>): VideoRuleMessage | null {
  if (file.size > VIDEO_POST_RULES.maxBytes) return 'tooLarge';
  if (file.type.toLowerCase() !== VIDEO_POST_RULES.mime) return 'notMp4';
  return null;
}

/** What the browser read from the file: a picture, and at most 90 seconds. */
export function checkVideoMetadata(meta: {
  width: number | null;
  height: number | null;
  duration: number | null;
}): VideoRuleMessage | null {
  if (!meta.width || !meta.height) return 'audioOnly';
  if (meta.duration !== null && meta.duration > VIDEO_POST_RULES.maxSeconds) return 'tooLong';
  return null;
}

export type CounterTone = 'normal' | 'warning' | 'danger';

/** §5 caption counter: 'N characters left', orange under 50, red under 10. */
export function captionCounter(caption: string): { remaining: number; tone: CounterTone } {
  const remaining = VIDEO_POST_RULES.captionMax - caption.length;
  const tone =
    remaining < VIDEO_POST_RULES.dangerUnder ? 'danger' : remaining < VIDEO_POST_RULES.warnUnder ? 'warning' : 'normal';
  return { remaining, tone };
}

export interface ComposerFacts {
  hasVideo: boolean;
  caption: string;
  busy: boolean;
}

/** §5: Post Video needs a video, a non-empty trimmed caption and no upload running. */
export function canPost({ hasVideo, caption, busy }: ComposerFacts): boolean {
  return hasVideo && caption.trim() !== '' && !busy && caption.length <= VIDEO_POST_RULES.captionMax;
}

/** §5: Save Draft needs a video or a non-empty trimmed caption, and no upload running. */
export function canSaveDraft({ hasVideo, caption, busy }: ComposerFacts): boolean {
  return (hasVideo || caption.trim() !== '') && !busy;
}

/** §5 draft rule: with neither a video nor a caption there is 'Nothing to save'. */
export function draftProblem({ hasVideo, caption }: Omit<ComposerFacts, 'busy'>): VideoRuleMessage | null {
  return hasVideo || caption.trim() !== '' ? null : 'nothingToSave';
}

/** §9: bytes divided by 1024 twice, one decimal. */
export function sizeInMb(bytes: number): string {
  return (bytes / MB).toFixed(1);
}

/** Whole seconds below ten show one decimal (a 4.5 s clip is not '5 seconds'). */
export function durationInSeconds(seconds: number): string {
  return seconds < 10 ? (Math.round(seconds * 10) / 10).toString() : Math.round(seconds).toString();
}

const SERVER_RULES: Record<string, VideoRuleMessage> = {
  'Video file must be 100MB or smaller': 'tooLarge',
  'Video must be 90 seconds or shorter': 'tooLong',
  'Only MP4 format is supported': 'notMp4',
  'File appears to be audio-only or corrupted': 'audioOnly',
  'Video file is corrupted or invalid': 'corrupt',
  'Caption must be 2200 characters or less.': 'captionTooLong',
};

/**
 * §8 video post failure: the server's refusal when it is one of the composer's rules, any other text
 * the server gave, else 'Upload failed. Please check your connection and try again.'
 */
export function postFailure(serverText: string | null | undefined): { key: VideoRuleMessage } | { text: string } {
  if (serverText && SERVER_RULES[serverText]) return { key: SERVER_RULES[serverText] };
  if (serverText && !/^Failed to /.test(serverText)) return { text: serverText };
  return { key: 'uploadFailed' };
}
