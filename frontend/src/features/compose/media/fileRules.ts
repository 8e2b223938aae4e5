import { COMPOSE_LIMITS } from '../limits';

/** §3 composer media item types. */
export type MediaKind = 'image' | 'video' | 'audio' | 'document';

interface KindRule {
  /** MIME types accepted; `null` accepts any type of the `prefix`. */
  mimes: readonly string[] | null;
  prefix?: string;
  extensions: readonly string[];
  maxBytes: number;
}

/** §5 accepted types: images jpeg, jpg, png, gif, webp; video mp4, webm, mov, avi; audio any; documents pdf, doc, docx, txt. */
export const KIND_RULES: Record<MediaKind, KindRule> = {
  image: {
    mimes: ['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/gif', 'image/webp'],
    extensions: ['jpeg', 'jpg', 'png', 'gif', 'webp'],
    maxBytes: COMPOSE_LIMITS.imageBytes,
  },
  video: {
    mimes: ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-msvideo', 'video/avi', 'video/msvideo'],
    extensions: ['mp4', 'webm', 'mov', 'avi'],
    maxBytes: COMPOSE_LIMITS.otherBytes,
  },
  audio: {
    mimes: null,
    prefix: 'audio/',
    extensions: ['mp3', 'm4a', 'wav', 'ogg', 'oga', 'opus', 'aac', 'flac', 'weba'],
    maxBytes: COMPOSE_LIMITS.otherBytes,
  },
  document: {
    mimes: [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'text/plain',
    ],
    extensions: ['pdf', 'doc', 'docx', 'txt'],
    maxBytes: COMPOSE_LIMITS.otherBytes,
  },
};

/** The `accept` attribute of a kind's file picker. */
export function acceptFor(kind: MediaKind): string {
  const rule = KIND_RULES[kind];
  const types = rule.mimes ?? [`${rule.prefix}*`];
  return [...types, ...rule.extensions.map((e) => `.${e}`)].join(',');
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether a file is of the kind. Browsers leave `type` empty for some files, so the extension decides then. */
export function isOfKind(file: Pick<File, 'name' | 'type'>, kind: MediaKind): boolean {
  const rule = KIND_RULES[kind];
  const mime = file.type.toLowerCase().split(';')[0]!.trim();
  if (mime) return rule.mimes ? rule.mimes.includes(mime) : mime.startsWith(rule.prefix!);
  return rule.extensions.includes(extensionOf(file.name));
}

export function maxBytesFor(kind: MediaKind): number {
  return KIND_RULES[kind].maxBytes;
}

/** A problem with an attachment, translated where it is shown. */
export type FileProblem =
  | { code: 'wrongType'; file: string; kind: MediaKind }
  | { code: 'tooLarge'; file: string; limitMb: number }
  | { code: 'tooManyImages' }
  | { code: 'tooManyVideos' }
  | { code: 'tooManyAudios' }
  | { code: 'tooManyFiles' };

/** The type and size rules of §5 for one file. */
export function checkFile(file: Pick<File, 'name' | 'type' | 'size'>, kind: MediaKind): FileProblem | null {
  if (!isOfKind(file, kind)) return { code: 'wrongType', file: file.name, kind };
  return checkSize(file, kind);
}

export function checkSize(file: Pick<File, 'name' | 'size'>, kind: MediaKind): FileProblem | null {
  const max = maxBytesFor(kind);
  return file.size > max ? { code: 'tooLarge', file: file.name, limitMb: max / (1024 * 1024) } : null;
}

const COUNT_LIMITS: Partial<Record<MediaKind, { max: number; problem: FileProblem }>> = {
  image: { max: COMPOSE_LIMITS.maxImages, problem: { code: 'tooManyImages' } },
  video: { max: COMPOSE_LIMITS.maxVideos, problem: { code: 'tooManyVideos' } },
  audio: { max: COMPOSE_LIMITS.maxAudios, problem: { code: 'tooManyAudios' } },
};

/**
 * Splits picked files into those that may be added and the problems of the rest: wrong types,
 * sizes (images are checked again after compression), and the per-kind and total counts.
 */
export function admitFiles<F extends Pick<File, 'name' | 'type' | 'size'>>(
  picked: readonly F[],
  kind: MediaKind,
  existing: readonly { type: MediaKind }[],
): { accepted: F[]; problems: FileProblem[] } {
  const accepted: F[] = [];
  const problems: FileProblem[] = [];
  const limit = COUNT_LIMITS[kind];
  let sameKind = existing.filter((m) => m.type === kind).length;
  let total = existing.length;
  for (const file of picked) {
    // Images may shrink below the limit when compressed, so only their type is checked here.
    const problem =
      kind === 'image'
        ? isOfKind(file, kind)
          ? null
          : ({ code: 'wrongType', file: file.name, kind } as const)
        : checkFile(file, kind);
    if (problem) {
      problems.push(problem);
      continue;
    }
    if (limit && sameKind >= limit.max) {
      if (!problems.some((p) => p.code === limit.problem.code)) problems.push(limit.problem);
      continue;
    }
    if (total >= COMPOSE_LIMITS.maxFiles) {
      if (!problems.some((p) => p.code === 'tooManyFiles')) problems.push({ code: 'tooManyFiles' });
      continue;
    }
    accepted.push(file);
    sameKind += 1;
    total += 1;
  }
  return { accepted, problems };
}
