import type { AuditChange } from '@contract';

function flatten(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    // An empty list or object is a value of its own, so "no media" to "one file" shows both sides.
    if (entries.length === 0 && prefix) into.set(prefix, Array.isArray(value) ? [] : {});
    for (const [key, inner] of entries) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  into.set(prefix, value ?? null);
}

/**
 * The leaves that differ between two folds, by dotted path with list indexes
 * (`poll.options.1.votes`), sorted by path; a side where the path does not exist reads null.
 */
export function diffViews(before: unknown, after: unknown): AuditChange[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(before, '', a);
  flatten(after, '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths
    .filter((path) => JSON.stringify(a.get(path) ?? null) !== JSON.stringify(b.get(path) ?? null))
    .map((path) => ({ path, before: a.get(path) ?? null, after: b.get(path) ?? null }));
}
