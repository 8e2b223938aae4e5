import type { ZodError, ZodIssue } from 'zod';

import { ApiError } from '../api-error';
import type { ErrorBody } from '../http-error';

export const NOT_AN_OBJECT = 'The request body must be a JSON object.';

/**
 * 400 `{ error, message, code: 'VALIDATION_FAILED', fields }`: message is the first problem (the
 * spec's text, shown as is by the web app), fields holds the first problem of each field by its
 * dotted path, for forms that mark each input.
 */
export class ValidationError extends ApiError<ErrorBody & { fields: Record<string, string> }> {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(400, { error: 'Bad Request', message, code: 'VALIDATION_FAILED', fields });
  }

  static fromZod(error: ZodError): ValidationError {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) {
      if (issue.path.length === 0) continue;
      fields[issue.path.join('.')] ??= issue.message;
    }
    return new ValidationError(messageOf(error.issues[0]), fields);
  }
}

function messageOf(issue: ZodIssue | undefined): string {
  if (!issue) return 'The request is not valid.';
  // zod's "Expected object, received string" is no message for a person.
  if (issue.path.length === 0 && issue.code === 'invalid_type' && issue.expected === 'object') return NOT_AN_OBJECT;
  return issue.message;
}
