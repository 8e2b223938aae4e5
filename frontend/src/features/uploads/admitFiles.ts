import { UPLOAD_LIMITS } from './limits';

/** A refused file: `title` and `message` are translation keys with the file's name as `file`. */
export interface UploadProblem {
  title: 'uploads.problem.tooLargeTitle' | 'uploads.problem.wrongTypeTitle' | 'uploads.problem.tooManyTitle';
  message: 'uploads.problem.tooLarge' | 'uploads.problem.wrongType' | 'uploads.problem.tooMany';
  file: string;
}

export interface AdmitRules {
  /** MIME patterns such as 'image/*' or 'video/mp4'; §5 defaults to images and videos. */
  accept: readonly string[];
  maxBytes: number;
  maxFiles: number;
}

export const DEFAULT_ADMIT_RULES: AdmitRules = {
  accept: ['image/*', 'video/*'],
  maxBytes: UPLOAD_LIMITS.maxBytes,
  maxFiles: UPLOAD_LIMITS.maxFiles,
};

export function accepts(type: string, accept: readonly string[]): boolean {
  const mime = type.toLowerCase().split(';')[0]!.trim();
  if (!mime) return false;
  return accept.some((pattern) =>
    pattern.endsWith('/*') ? mime.startsWith(pattern.slice(0, -1)) : mime === pattern.toLowerCase(),
  );
}

/** §5 media uploader: type first, then the 50 MB limit, then at most 4 files in all. */
export function admitFiles<F extends Pick<File, 'name' | 'type' | 'size'>>(
  picked: readonly F[],
  existing: number,
  rules: AdmitRules = DEFAULT_ADMIT_RULES,
): { accepted: F[]; problems: UploadProblem[] } {
  const accepted: F[] = [];
  const problems: UploadProblem[] = [];
  for (const file of picked) {
    if (!accepts(file.type, rules.accept)) {
      problems.push({ title: 'uploads.problem.wrongTypeTitle', message: 'uploads.problem.wrongType', file: file.name });
    } else if (file.size > rules.maxBytes) {
      problems.push({ title: 'uploads.problem.tooLargeTitle', message: 'uploads.problem.tooLarge', file: file.name });
    } else if (existing + accepted.length >= rules.maxFiles) {
      problems.push({ title: 'uploads.problem.tooManyTitle', message: 'uploads.problem.tooMany', file: file.name });
    } else {
      accepted.push(file);
    }
  }
  return { accepted, problems };
}
