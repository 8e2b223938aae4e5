import type { AuditChange } from '../../types';

/** The changes at `path` or inside it (`poll` holds `poll.options.1.votes`), with paths made relative. */
export function changesAt(changes: readonly AuditChange[], path: string): AuditChange[] {
  return changes
    .filter((c) => c.path === path || c.path.startsWith(`${path}.`))
    .map((c) => ({ ...c, path: c.path.slice(path.length + 1) }));
}

/** The changes that no shown field covers, so that nothing that changed goes unmentioned. */
export function changesBeyond(changes: readonly AuditChange[], shown: readonly string[]): AuditChange[] {
  return changes.filter((c) => !shown.some((path) => c.path === path || c.path.startsWith(`${path}.`)));
}

/**
 * A field's value at the previous version, rebuilt from its value now and its changes (relative
 * paths, as changesAt gives them): the inner fields that were absent then are left out.
 */
export function valueBefore(now: unknown, changes: readonly AuditChange[]): unknown {
  const whole = changes.find((c) => c.path === '');
  if (whole) return whole.before;
  // Views are JSON from the server, so a JSON copy is a deep copy.
  const before = JSON.parse(JSON.stringify(now ?? {})) as Record<string, unknown>;
  for (const c of changes) {
    const keys = c.path.split('.');
    let node = before;
    for (const key of keys.slice(0, -1)) {
      if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    const last = keys.at(-1)!;
    if (c.before === null) delete node[last];
    else node[last] = c.before;
  }
  return before;
}
