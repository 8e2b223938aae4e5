import { diffStates } from './diff';

describe('diffStates', () => {
  it('lists each changed path with its value before and after, arrays whole', () => {
    expect(
      diffStates(
        { exists: true, hidden: false, sessions: ['a'], personal: { email: 'a@x' } },
        { exists: true, hidden: true, sessions: ['a', 'b'], personal: { unreadable: true } },
      ),
    ).toEqual([
      { path: 'hidden', before: false, after: true },
      { path: 'personal.email', before: 'a@x', after: undefined },
      { path: 'personal.unreadable', before: undefined, after: true },
      { path: 'sessions', before: ['a'], after: ['a', 'b'] },
    ]);
  });

  it('finds nothing between equal states', () => {
    expect(diffStates({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([]);
  });
});
