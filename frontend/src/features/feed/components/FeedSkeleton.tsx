/** §2: 8 skeleton cards on the first load, 3 while more load. */
export const INITIAL_SKELETONS = 8;
export const MORE_SKELETONS = 3;

/** Grey placeholder cards shaped like posts, announced once as a loading status. */
export function FeedSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="feed-skeletons">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="feed-skeleton" data-testid="feed-skeleton" aria-hidden="true">
          <span className="feed-skeleton__avatar" />
          <span className="feed-skeleton__lines">
            <span className="feed-skeleton__line feed-skeleton__line--short" />
            <span className="feed-skeleton__line" />
            <span className="feed-skeleton__line" />
          </span>
        </div>
      ))}
    </div>
  );
}
