import type { ApiError } from '@/app/baseQuery';

/** §4: like is retried up to 2 times with a doubling delay up to 3 s, except on 404 or 401. */
export const LIKE_MAX_RETRIES = 2;
const LIKE_FIRST_DELAY_MS = 1000;
const LIKE_MAX_DELAY_MS = 3000;

export function likeRetryDelay(retry: number): number {
  return Math.min(LIKE_FIRST_DELAY_MS * 2 ** Math.max(0, retry - 1), LIKE_MAX_DELAY_MS);
}

export function shouldRetryLike(error: ApiError): boolean {
  return error.status !== 404 && error.status !== 401;
}

type Outcome<T> = { data: T; error?: undefined } | { error: ApiError; data?: undefined };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a like/unlike call with the like retry policy. Mutations never retry through the shared base
 * query, so the like endpoint brings its own loop.
 */
export async function withLikeRetry<T>(
  call: () => Promise<Outcome<T>>,
  sleep: (ms: number) => Promise<void> = wait,
): Promise<Outcome<T>> {
  let outcome = await call();
  for (let retry = 1; retry <= LIKE_MAX_RETRIES && outcome.error && shouldRetryLike(outcome.error); retry += 1) {
    await sleep(likeRetryDelay(retry));
    outcome = await call();
  }
  return outcome;
}
