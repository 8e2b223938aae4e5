import { isRecord } from '@/app/baseQuery';

/** The server refuses someone else's likes with 403 LIKES_PRIVATE. */
export function isLikesPrivate(error: unknown): boolean {
  return isRecord(error) && error.status === 403 && isRecord(error.data) && error.data.code === 'LIKES_PRIVATE';
}
