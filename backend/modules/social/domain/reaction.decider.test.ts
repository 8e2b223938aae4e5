import { fold } from '../../../src/platform/decider/decider';
import { reactionDecider } from './reaction.decider';

const data = { postId: 'p1', userId: 'u1', at: '2026-11-23T10:00:00.000Z' };

describe('reaction decider', () => {
  it.each([
    ['like', 'PostLiked', 'PostUnliked'],
    ['bookmark', 'PostBookmarked', 'PostUnbookmarked'],
    ['repost', 'PostReposted', 'PostUnreposted'],
  ] as const)('%s is an idempotent toggle', (kind, on, off) => {
    const d = reactionDecider(kind);
    expect(d.decide(d.initialState(), { type: 'SetReaction', active: false, data })).toEqual([]);
    const [liked] = d.decide(d.initialState(), { type: 'SetReaction', active: true, data });
    expect(liked).toEqual({ type: on, data });
    const active = fold(d, [liked]);
    expect(d.decide(active, { type: 'SetReaction', active: true, data })).toEqual([]);
    const [unliked] = d.decide(active, { type: 'SetReaction', active: false, data });
    expect(unliked.type).toBe(off);
    expect(d.evolve(active, unliked)).toEqual({ active: false });
  });
});
