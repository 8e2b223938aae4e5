import { StatementNames } from './statement-names';

describe('StatementNames', () => {
  it('names a text once it has come `after` times, and keeps that name', () => {
    const names = new StatementNames(3);
    expect(names.nameFor('SELECT $1')).toBeUndefined();
    expect(names.nameFor('SELECT $1')).toBeUndefined();
    const name = names.nameFor('SELECT $1');
    expect(name).toMatch(/^dc_\d+$/);
    expect(names.nameFor('SELECT $1')).toBe(name);
  });

  it('gives different texts different names', () => {
    const names = new StatementNames(1);
    const a = names.nameFor('SELECT $1');
    const b = names.nameFor('SELECT $1 + 1');
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
  });

  it('names no more than `max` texts; those named before keep their names', () => {
    const names = new StatementNames(1, 2);
    const first = names.nameFor('a');
    names.nameFor('b');
    expect(names.nameFor('c')).toBeUndefined();
    expect(names.nameFor('c')).toBeUndefined();
    expect(names.nameFor('a')).toBe(first);
  });

  it('forgets the counts of texts not yet named once it counts `maxCounted` of them', () => {
    const names = new StatementNames(2, 256, 2);
    names.nameFor('a');
    names.nameFor('b');
    // A third uncounted text clears the counts: `a` starts again from one.
    names.nameFor('c');
    expect(names.nameFor('a')).toBeUndefined();
    expect(names.nameFor('a')).toBeDefined();
  });
});
