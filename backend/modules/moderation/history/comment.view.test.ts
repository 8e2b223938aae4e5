import type { CommentEvent } from '@modules/social';

import { given, minute, upTo } from '../testing/history';
import { foldComment } from './comment.view';
import { emptyContext } from './types';

const added: CommentEvent = {
  type: 'CommentAdded',
  data: {
    commentId: 'c1',
    postId: 'p1',
    userId: 'u1',
    content: 'A rude comment',
    hashtags: [],
    mentions: [],
    media: [{ id: 'm1', kind: 'image' }],
    limited: false,
    createdAt: minute(0),
  },
};
const deletedByModerator: CommentEvent = {
  type: 'CommentDeleted',
  data: { commentId: 'c1', postId: 'p1', deletedBy: 'mod', deletedAt: minute(1), reason: 'Insult' },
};

describe('comment history view', () => {
  const stream = given([added, deletedByModerator]);

  it('shows the words and the file while it was live', () => {
    expect(foldComment(upTo(stream, 0), emptyContext())).toEqual({
      kind: 'comment',
      commentId: 'c1',
      postId: 'p1',
      authorId: 'u1',
      content: 'A rude comment',
      media: [{ id: 'm1', kind: 'image', url: '/media/m1', thumbnailUrl: null }],
      audience: 'public',
      createdAt: minute(0),
      visibility: { status: 'live' },
    });
  });

  it("keeps the words after a moderator's deletion, with who, when and why", () => {
    expect(foldComment(stream, emptyContext())).toMatchObject({
      content: 'A rude comment',
      visibility: { status: 'deleted', by: 'mod', at: minute(1), reason: 'Insult' },
    });
  });

  it("an author's own deletion has no reason", () => {
    const own = given<CommentEvent>([
      added,
      { type: 'CommentDeleted', data: { commentId: 'c1', postId: 'p1', deletedBy: 'u1', deletedAt: minute(1) } },
    ]);
    expect(foldComment(own, emptyContext())?.visibility).toEqual({
      status: 'deleted',
      by: 'u1',
      at: minute(1),
      reason: null,
    });
  });
});
