/** A post-shaped placeholder while bookmarks load. */
export function BookmarkSkeleton() {
  return (
    <div className="card bookmarks-skeleton" aria-hidden="true">
      <span className="bookmarks-skeleton__line bookmarks-skeleton__line--short" />
      <span className="bookmarks-skeleton__line" />
      <span className="bookmarks-skeleton__line" />
      <span className="bookmarks-skeleton__line bookmarks-skeleton__line--block" />
    </div>
  );
}

export function BookmarkSkeletons({ count, label }: { count: number; label: string }) {
  return (
    <div className="bookmarks__list" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <BookmarkSkeleton key={i} />
      ))}
    </div>
  );
}
