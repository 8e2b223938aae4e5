import { fold } from '../../../src/platform/decider/decider';
import { commentDecider } from './comment.decider';

const added = { commentId: 'c1', postId: 'p1', userId: 'u2', content: 'JazakAllah', hashtags: [], mentions: [], limited: false, createdAt: '2026-11-23T10:00:00.000Z' };
const NOW = '2026-11-23T11:00:00.000Z';

describe('comment decider', () => {
  it('needs content', () => {
    expect(() => commentDecider.decide(commentDecider.initialState(), { type: 'AddComment', comment: { ...added, content: '  ' } })).toThrow(
      'Empty comment: Please add some content to your comment.',
    );
  });

  it('lets the comment author or the post owner delete, nobody else', () => {
    const s = fold(commentDecider, commentDecider.decide(commentDecider.initialState(), { type: 'AddComment', comment: added }));
    expect(() => commentDecider.decide(s, { type: 'DeleteComment', actorId: 'u3', postOwnerId: 'u1', now: NOW })).toThrow(expect.objectContaining({ status: 403 }));
    expect(commentDecider.decide(s, { type: 'DeleteComment', actorId: 'u2', postOwnerId: 'u1', now: NOW })[0].type).toBe('CommentDeleted');
    const [deleted] = commentDecider.decide(s, { type: 'DeleteComment', actorId: 'u1', postOwnerId: 'u1', now: NOW });
    expect(() => commentDecider.decide(commentDecider.evolve(s, deleted), { type: 'DeleteComment', actorId: 'u1', postOwnerId: 'u1', now: NOW })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });
});
