const ABSENT = Symbol('absent');

/** Puts value at id in table, or removes the entry when value is undefined. */
export type TableWrite = <V>(table: Map<string, V>, id: string, value: V | undefined) => void;

export const writeThrough: TableWrite = (table, id, value) => {
  if (value === undefined) table.delete(id);
  else table.set(id, value);
};

/**
 * The undo log of one memory transaction: the first previous value of every entry it touched.
 * Rolling back restores only those entries, so writes made outside the transaction meanwhile
 * survive (a whole-store snapshot would erase them).
 */
export class Journal {
  private readonly undo = new Map<Map<string, unknown>, Map<string, unknown>>();

  readonly write: TableWrite = (table, id, value) => {
    let saved = this.undo.get(table);
    if (!saved) {
      saved = new Map();
      this.undo.set(table, saved);
    }
    if (!saved.has(id)) saved.set(id, table.has(id) ? table.get(id) : ABSENT);
    writeThrough(table, id, value);
  };

  rollback(): void {
    for (const [table, saved] of this.undo) {
      for (const [id, previous] of saved) {
        if (previous === ABSENT) table.delete(id);
        else table.set(id, previous);
      }
    }
    this.undo.clear();
  }
}
