import { followButtonLabel, shiftCount } from './followState';

describe('followButtonLabel', () => {
  it('reads Following, Follow Back or Follow', () => {
    expect(followButtonLabel({ isFollowing: true, isFollowingBack: true })).toBe('following');
    expect(followButtonLabel({ isFollowing: false, isFollowingBack: true })).toBe('followBack');
    expect(followButtonLabel({ isFollowing: false, isFollowingBack: false })).toBe('follow');
    expect(followButtonLabel(undefined)).toBe('follow');
  });
});

describe('shiftCount', () => {
  it('never goes below zero', () => {
    expect(shiftCount(0, -1)).toBe(0);
    expect(shiftCount(undefined, 1)).toBe(1);
    expect(shiftCount(4, -1)).toBe(3);
  });
});
