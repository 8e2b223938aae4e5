import { type Clause, docKeys } from '@platform/read-store';

import { FindShape, type HeldPage } from './held-page';

/**
 * The query answers a collection's cache holds, by key (a Map), indexed by what can change each
 * one: a find page by its documents' ids (and the one after it) and by the values of its key
 * clause (FindShape.index); anything else changes with every commit. A commit then judges only the
 * answers one of its writes can touch: with a thousand members' conversation pages held, a message
 * is judged against its own conversation's pages, not against all of them.
 */
export class HeldAnswers extends Map<string, unknown> {
  private readonly byDoc = new Map<string, Set<string>>();
  /** Clause (by FindShape.index memo) -> key value -> answers. */
  private readonly byValue = new Map<string, { clause: Clause; answers: Map<string, Set<string>> }>();
  private readonly always = new Set<string>();
  private readonly indexed = new Map<string, { docs: string[]; memo: string | null; values: string[] }>();

  override set(key: string, answer: unknown): this {
    this.unindex(key);
    super.set(key, answer);
    this.index(key, answer);
    return this;
  }

  override delete(key: string): boolean {
    this.unindex(key);
    return super.delete(key);
  }

  override clear(): void {
    super.clear();
    this.byDoc.clear();
    this.byValue.clear();
    this.always.clear();
    this.indexed.clear();
  }

  /** The keys of the answers these writes (id -> committed document or null) may change. */
  touchedBy(writes: ReadonlyMap<string, unknown>): string[] {
    const out = new Set(this.always);
    for (const id of writes.keys()) for (const key of this.byDoc.get(id) ?? []) out.add(key);
    for (const { clause, answers } of this.byValue.values()) {
      for (const doc of writes.values()) {
        if (!doc) continue;
        for (const value of docKeys(doc, clause)) for (const key of answers.get(value) ?? []) out.add(key);
      }
    }
    return [...out];
  }

  private index(key: string, answer: unknown) {
    const shape = (answer as { shape?: unknown } | null)?.shape;
    const index = shape instanceof FindShape ? shape.index : null;
    if (!index) {
      this.always.add(key);
      this.indexed.set(key, { docs: [], memo: null, values: [] });
      return;
    }
    const page = answer as HeldPage;
    const docs = page.extraId ? [...page.ids, page.extraId] : [...page.ids];
    for (const id of docs) addTo(this.byDoc, id, key);
    let byClause = this.byValue.get(index.memo);
    if (!byClause) this.byValue.set(index.memo, (byClause = { clause: index.clause, answers: new Map() }));
    for (const value of index.keys) addTo(byClause.answers, value, key);
    this.indexed.set(key, { docs, memo: index.memo, values: index.keys });
  }

  private unindex(key: string) {
    const entry = this.indexed.get(key);
    if (!entry) return;
    this.indexed.delete(key);
    this.always.delete(key);
    for (const id of entry.docs) removeFrom(this.byDoc, id, key);
    const byClause = entry.memo ? this.byValue.get(entry.memo) : undefined;
    if (byClause) {
      for (const value of entry.values) removeFrom(byClause.answers, value, key);
      if (byClause.answers.size === 0) this.byValue.delete(entry.memo!);
    }
  }
}

function addTo(map: Map<string, Set<string>>, at: string, key: string) {
  let keys = map.get(at);
  if (!keys) map.set(at, (keys = new Set()));
  keys.add(key);
}

function removeFrom(map: Map<string, Set<string>>, at: string, key: string) {
  const keys = map.get(at);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) map.delete(at);
}
