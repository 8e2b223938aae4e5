import { byCommonThenFollowers, followedByFollowed } from './suggestion-ranking';

describe('followedByFollowed', () => {
  it('counts each member once per member the viewer follows, most first, and names those newest followed first', () => {
    const found = followedByFollowed(
      [
        { id: 'amina', following: ['x', 'y', 'z'] },
        { id: 'bilal', following: ['y', 'x', 'x'] },
        { id: 'chadia', following: ['y'] },
      ],
      new Set(),
      10,
    );
    expect(found).toEqual([
      { id: 'y', via: ['amina', 'bilal', 'chadia'] },
      { id: 'x', via: ['amina', 'bilal'] },
      { id: 'z', via: ['amina'] },
    ]);
  });

  it('leaves out the excluded (me, whom I follow, blocks either way, mutes) and a source itself', () => {
    const found = followedByFollowed(
      [
        { id: 'amina', following: ['me', 'bilal', 'blocked', 'amina', 'fresh'] },
        { id: 'bilal', following: ['amina', 'fresh'] },
      ],
      new Set(['me', 'amina', 'bilal', 'blocked']),
      10,
    );
    expect(found).toEqual([{ id: 'fresh', via: ['amina', 'bilal'] }]);
  });

  it('counts only the newest follows of each source', () => {
    const found = followedByFollowed([{ id: 'amina', following: ['old', 'mid', 'new'] }], new Set(), 2);
    expect(found.map((f) => f.id)).toEqual(['new', 'mid']);
  });
});

describe('byCommonThenFollowers', () => {
  it('ranks by followers in common, then by followers, keeping ties in order', () => {
    const followers: Record<string, number> = { a: 5, b: 50, c: 1, d: 1 };
    const ranked = byCommonThenFollowers(
      [
        { id: 'a', via: ['x', 'y'] },
        { id: 'b', via: ['x'] },
        { id: 'c', via: ['x', 'y'] },
        { id: 'd', via: ['y'] },
      ],
      (id) => followers[id] ?? 0,
    );
    expect(ranked.map((r) => r.id)).toEqual(['a', 'c', 'b', 'd']);
  });
});
