import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { commentDecider } from './comment.decider';

const added = {
  commentId: 'c1',
  postId: 'p1',
  userId: 'u2',
  content: 'JazakAllah',
  hashtags: [],
  mentions: [],
  limited: false,
  createdAt: '2026-11-23T10:00:00.000Z',
};
const NOW = '2026-11-23T11:00:00.000Z';
const spec = DeciderSpec.for(commentDecider);

describe('comment decider', () => {
  it('needs content', () => {
    spec
      .when({ type: 'AddComment', comment: { ...added, content: '  ' } })
      .thenThrows({ message: 'Empty comment: Please add some content to your comment.' });
  });

  it('lets the comment author or the post owner delete, nobody else', () => {
    const s = spec.given(spec.when({ type: 'AddComment', comment: added }).decide().events);
    s.when({ type: 'DeleteComment', actorId: 'u3', postOwnerId: 'u1', now: NOW }).thenThrows({ status: 403 });
    s.when({ type: 'DeleteComment', actorId: 'u2', postOwnerId: 'u1', now: NOW }).then((events) =>
      expect(events[0]!.type).toBe('CommentDeleted'),
    );
    const { events: deleted } = s.when({ type: 'DeleteComment', actorId: 'u1', postOwnerId: 'u1', now: NOW }).decide();
    s.given(deleted)
      .when({ type: 'DeleteComment', actorId: 'u1', postOwnerId: 'u1', now: NOW })
      .thenThrows({ status: 404 });
  });
});
