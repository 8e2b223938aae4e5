/**
 * Grey placeholder rows shaped like an avatar beside three lines (the first short), announced once
 * as a loading status. The look stays with the feature: every class is named after `block`
 * (`block`, `block__avatar`, `block__lines`, `block__line`, `block__line--short`), and `block` is
 * also each row's test id.
 */
export function SkeletonRows({
  count,
  label,
  className,
  block,
  rowClassName = block,
}: {
  count: number;
  /** The status's accessible name ("Loading posts"). */
  label: string;
  /** Class of the status element holding the rows. */
  className: string;
  /** The BEM block the row's classes are named after. */
  block: string;
  /** Class of each row, when it is more than `block` (e.g. `card ${block}`). */
  rowClassName?: string;
}) {
  return (
    <div role="status" aria-label={label} className={className}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={rowClassName} data-testid={block} aria-hidden="true">
          <span className={`${block}__avatar`} />
          <span className={`${block}__lines`}>
            <span className={`${block}__line ${block}__line--short`} />
            <span className={`${block}__line`} />
            <span className={`${block}__line`} />
          </span>
        </div>
      ))}
    </div>
  );
}
