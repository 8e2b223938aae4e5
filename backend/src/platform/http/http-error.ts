/** The one error body the API answers with: `{ error, message, code }`. */
export interface ErrorBody {
  error: string;
  message: string;
  code: string;
}

const REASONS: Record<number, [string, string]> = {
  400: ['Bad Request', 'VALIDATION_FAILED'],
  401: ['Unauthorized', 'UNAUTHORIZED'],
  403: ['Forbidden', 'FORBIDDEN'],
  404: ['Not Found', 'NOT_FOUND'],
  405: ['Method Not Allowed', 'METHOD_NOT_ALLOWED'],
  409: ['Conflict', 'CONFLICT'],
  413: ['Payload Too Large', 'PAYLOAD_TOO_LARGE'],
  415: ['Unsupported Media Type', 'UNSUPPORTED_MEDIA_TYPE'],
  422: ['Unprocessable Entity', 'UNPROCESSABLE'],
  429: ['Too Many Requests', 'RATE_LIMITED'],
  500: ['Internal Server Error', 'INTERNAL'],
  503: ['Service Unavailable', 'UNAVAILABLE'],
};

export function errorBody(status: number, message?: string, code?: string): ErrorBody {
  const [error, defaultCode] = REASONS[status] ?? (status >= 500 ? REASONS[500] : undefined) ?? ['Error', 'ERROR'];
  return { error, message: message ?? error, code: code ?? defaultCode };
}
