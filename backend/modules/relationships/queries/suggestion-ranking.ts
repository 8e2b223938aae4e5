/** A member followed by some of the members the viewer follows: `via` are those, newest followed first. */
export interface FollowedBy {
  id: string;
  via: string[];
}

/** One member the viewer follows and whom they follow, oldest first (a circle's `following`). */
export interface Source {
  id: string;
  following: readonly string[];
}

/**
 * People followed by the people the viewer follows, most of them first; on a tie, the one the
 * viewer's most recent follows reached first. `sources` come newest followed first; of each, only
 * the newest `perSource` follows count, so the work is bounded by sources × perSource.
 */
export function followedByFollowed(
  sources: readonly Source[],
  excluded: ReadonlySet<string>,
  perSource: number,
): FollowedBy[] {
  const found = new Map<string, FollowedBy>();
  for (const source of sources) {
    const follows = source.following;
    for (let i = follows.length - 1; i >= Math.max(0, follows.length - perSource); i--) {
      const id = follows[i]!;
      if (excluded.has(id) || id === source.id) continue;
      const entry = found.get(id);
      if (entry) {
        if (entry.via.at(-1) !== source.id) entry.via.push(source.id);
      } else found.set(id, { id, via: [source.id] });
    }
  }
  // Array sort is stable: equal counts keep the order they were first reached in.
  return [...found.values()].sort((a, b) => b.via.length - a.via.length);
}

/** By followers-in-common, then by followers; ties keep their order. */
export function byCommonThenFollowers<T extends FollowedBy>(
  pool: readonly T[],
  followers: (id: string) => number,
): T[] {
  return [...pool].sort((a, b) => b.via.length - a.via.length || followers(b.id) - followers(a.id));
}
