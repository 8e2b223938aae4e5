import type { PostDoc } from './docs';
import { Recount } from './recount';

const created = (postId: string, options: string[] = []) => ({
  type: 'PostCreated',
  data: { postId, poll: options.length ? { question: 'q', options } : null },
});
const doc = (over: Partial<PostDoc>): PostDoc =>
  ({ id: 'p1', likes: 0, comments: 0, reposts: 0, bookmarks: 0, poll: null, ...over }) as PostDoc;

describe('recount from the log', () => {
  it('recounts reactions, comments and changed votes, and reports only real drift', () => {
    const r = new Recount();
    for (const e of [
      created('p1', ['a', 'b']),
      { type: 'PostLiked', data: { postId: 'p1' } },
      { type: 'PostLiked', data: { postId: 'p1' } },
      { type: 'PostUnliked', data: { postId: 'p1' } },
      { type: 'CommentAdded', data: { postId: 'p1' } },
      { type: 'PostBookmarked', data: { postId: 'p1' } },
      { type: 'PollVoted', data: { postId: 'p1', option: 1, previousOption: null } },
      { type: 'PollVoted', data: { postId: 'p1', option: 2, previousOption: 1 } },
    ])
      r.add(e);
    expect(r.posts.get('p1')).toEqual({ likes: 1, comments: 1, reposts: 0, bookmarks: 1, votes: [0, 1] });
    expect(
      r.driftOf(
        doc({ likes: 1, comments: 1, bookmarks: 1, poll: { question: 'q', options: ['a', 'b'], votes: [0, 1] } }),
        'p1',
      ),
    ).toEqual([]);
    expect(
      r.driftOf(
        doc({ likes: 2, comments: 1, bookmarks: 1, poll: { question: 'q', options: ['a', 'b'], votes: [1, 1] } }),
        'p1',
      ),
    ).toEqual(['p1: likes is 2, the log says 1', 'p1: option1Votes is 1, the log says 0']);
    expect(r.driftOf(undefined, 'p1')).toEqual(['p1: missing from the posts read model']);
  });
});
