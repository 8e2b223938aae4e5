import type { KeyUnder } from '@/i18n';

/**
 * The reply composer's rules. Spec part 1 §5: a comment needs text or at least one attached file
 * (image, video, audio; several allowed); the post media limits apply to its files (§5, §9). The text
 * ceiling is the server's (backend/modules/social/domain/limits.ts commentMax).
 */
export const COMMENT_LIMITS = {
  maxLength: 2000,
  maxImages: 4,
  maxVideos: 1,
  imageBytes: 5 * 1024 * 1024,
  otherBytes: 100 * 1024 * 1024,
} as const;

export type AttachmentKind = 'image' | 'video' | 'audio';

/** A message key under `postDetail.` with its values, so the screen translates it. */
export interface RuleMessage {
  key: KeyUnder<'postDetail'>;
  values?: Record<string, string | number>;
}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp']);
const VIDEO_TYPES = new Set([
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/mov',
  'video/x-msvideo',
  'video/avi',
]);
const IMAGE_EXTENSIONS = new Set(['jpeg', 'jpg', 'png', 'gif', 'webp']);
const VIDEO_EXTENSIONS = new Set(['mp4', 'webm', 'mov', 'avi']);
const AUDIO_EXTENSIONS = new Set(['mp3', 'm4a', 'aac', 'wav', 'ogg', 'oga', 'opus', 'flac', 'weba']);

/** What the `accept` attribute of the file picker offers (audio: any type, §5). */
export const ACCEPTED_FILES =
  'image/jpeg,image/png,image/gif,image/webp,video/mp4,video/webm,video/quicktime,video/x-msvideo,audio/*';

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** The kind of an attachment from its type, or its extension when the browser gives no type; null if refused. */
export function attachmentKind(file: Pick<File, 'name' | 'type'>): AttachmentKind | null {
  const type = file.type.toLowerCase();
  if (type) {
    if (IMAGE_TYPES.has(type)) return 'image';
    if (VIDEO_TYPES.has(type)) return 'video';
    if (type.startsWith('audio/')) return 'audio';
    return null;
  }
  const ext = extensionOf(file.name);
  if (IMAGE_EXTENSIONS.has(ext)) return 'image';
  if (VIDEO_EXTENSIONS.has(ext)) return 'video';
  if (AUDIO_EXTENSIONS.has(ext)) return 'audio';
  return null;
}

/** The text's problem, if any; `files` counts because a file alone is a valid comment. */
export function checkCommentText(content: string, fileCount: number): RuleMessage | null {
  if (content.length > COMMENT_LIMITS.maxLength)
    return { key: 'validation.tooLong', values: { max: COMMENT_LIMITS.maxLength } };
  if (content.trim() === '' && fileCount === 0) return { key: 'validation.empty' };
  return null;
}

/**
 * Adds newly picked files to those already attached: each refused file gets its own message, and
 * the rest are kept in order.
 */
export function addAttachments(current: File[], picked: File[]): { files: File[]; errors: RuleMessage[] } {
  const files = [...current];
  const errors: RuleMessage[] = [];
  const count = (kind: AttachmentKind) => files.filter((f) => attachmentKind(f) === kind).length;
  for (const file of picked) {
    const kind = attachmentKind(file);
    if (!kind) {
      errors.push({ key: 'validation.unsupported', values: { name: file.name } });
    } else if (kind === 'image' && file.size > COMMENT_LIMITS.imageBytes) {
      errors.push({ key: 'validation.imageTooLarge', values: { name: file.name } });
    } else if (kind !== 'image' && file.size > COMMENT_LIMITS.otherBytes) {
      errors.push({ key: 'validation.fileTooLarge', values: { name: file.name } });
    } else if (kind === 'image' && count('image') >= COMMENT_LIMITS.maxImages) {
      errors.push({ key: 'validation.tooManyImages' });
    } else if (kind === 'video' && count('video') >= COMMENT_LIMITS.maxVideos) {
      errors.push({ key: 'validation.tooManyVideos' });
    } else {
      files.push(file);
    }
  }
  return { files, errors: dedupe(errors) };
}

function dedupe(messages: RuleMessage[]): RuleMessage[] {
  const seen = new Set<string>();
  return messages.filter((m) => {
    const id = `${m.key}|${JSON.stringify(m.values ?? {})}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
