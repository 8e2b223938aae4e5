/** What a failed request or socket event answers (backend/src/platform/http/http-error.ts ErrorBody). */
export interface ErrorBody {
  error: string;
  message: string;
  code: string;
}
