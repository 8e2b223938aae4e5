import { SkeletonRows } from '@/ui/SkeletonRows';

/** §2: 8 skeleton cards on the first load, 3 while more load. */
export const INITIAL_SKELETONS = 8;
export const MORE_SKELETONS = 3;

/** Grey placeholder cards shaped like posts, announced once as a loading status. */
export function FeedSkeleton({ count, label }: { count: number; label: string }) {
  return <SkeletonRows count={count} label={label} className="feed-skeletons" block="feed-skeleton" />;
}
