import type { TFunction } from 'i18next';

import type { DraftProblem } from './draft/draft';
import type { RecorderError } from './hooks/useVoiceRecorder';
import { COMPOSE_LIMITS } from './limits';
import type { FileProblem } from './media/fileRules';

export type ComposeProblem = DraftProblem | FileProblem | { code: RecorderError };

/** The words of each §5/§8 rule, in the reader's language. */
export function problemText(t: TFunction, problem: ComposeProblem): string {
  switch (problem.code) {
    case 'wrongType':
      return t('compose.errors.wrongType', { file: problem.file, hint: t(`compose.types.${problem.kind}`) });
    case 'tooLarge':
      return t('compose.errors.tooLarge', { file: problem.file, limit: problem.limitMb });
    case 'tooLong':
    case 'captionTooLong':
    case 'pollOptionTooLong':
      return t(`compose.errors.${problem.code}`, { max: problem.max });
    case 'tooManyFiles':
      return t('compose.errors.tooManyFiles', { max: COMPOSE_LIMITS.maxFiles });
    default:
      return t(`compose.errors.${problem.code}`);
  }
}

export function problemKey(problem: ComposeProblem): string {
  return 'file' in problem ? `${problem.code}:${problem.file}` : problem.code;
}
