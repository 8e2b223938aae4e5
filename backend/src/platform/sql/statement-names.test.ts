import { StatementNames } from './statement-names';

describe('StatementNames', () => {
  it('names a text once it has come `after` times, and keeps that name', () => {
    const names = new StatementNames({ after: 3 });
    expect(names.nameFor('SELECT $1')).toBeUndefined();
    expect(names.nameFor('SELECT $1')).toBeUndefined();
    const name = names.nameFor('SELECT $1');
    expect(name).toMatch(/^dc_\d+$/);
    expect(names.nameFor('SELECT $1')).toBe(name);
  });

  it('gives different texts different names', () => {
    const names = new StatementNames({ after: 1 });
    const a = names.nameFor('SELECT $1');
    const b = names.nameFor('SELECT $1 + 1');
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
  });

  it('never names a text longer than maxLength (a batched read of many parts)', () => {
    const names = new StatementNames({ after: 1, maxLength: 10 });
    for (let i = 0; i < 5; i++) expect(names.nameFor('SELECT $1 UNION ALL SELECT $2')).toBeUndefined();
    expect(names.nameFor('SELECT $1')).toBeDefined();
  });

  it('names texts while their lengths fit the budget; those named keep their names', () => {
    const names = new StatementNames({ after: 1, budget: 12 });
    const first = names.nameFor('SELECT $1');
    expect(first).toBeDefined();
    // 9 characters spent: a 10-character text no longer fits, a 3-character one does.
    expect(names.nameFor('SELECT $10')).toBeUndefined();
    expect(names.nameFor('a$1')).toBeDefined();
    expect(names.nameFor('b$1')).toBeUndefined();
    expect(names.nameFor('SELECT $1')).toBe(first);
  });

  it('forgets the counts of texts not yet named once it counts `maxCounted` of them', () => {
    const names = new StatementNames({ after: 2, maxCounted: 2 });
    names.nameFor('a');
    names.nameFor('b');
    // A third uncounted text clears the counts: `a` starts again from one.
    names.nameFor('c');
    expect(names.nameFor('a')).toBeUndefined();
    expect(names.nameFor('a')).toBeDefined();
  });
});
