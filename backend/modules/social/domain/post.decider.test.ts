import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { postDecider } from './post.decider';

type PostCreatedData = Extract<Parameters<typeof postDecider.decide>[1], { type: 'CreatePost' }>['post'];

const T0 = '2026-11-23T10:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const created: PostCreatedData = {
  postId: 'p1',
  userId: 'u1',
  type: 'text',
  content: 'Salaam',
  hashtags: [],
  mentions: [],
  poll: null,
  quotedPostId: null,
  imageCaptions: [],
  limited: false,
  createdAt: T0,
};
const spec = DeciderSpec.for(postDecider);
const posted = spec.given([{ type: 'PostCreated', data: created }]);

describe('post decider', () => {
  it('creates once', () => {
    spec
      .given([])
      .when({ type: 'CreatePost', post: created })
      .then([{ type: 'PostCreated', data: created }]);
    posted.when({ type: 'CreatePost', post: created }).thenThrows({ status: 409 });
  });

  it('lets the owner edit within 5 minutes, trimmed, 1 to 500 characters, with tags parsed again', () => {
    posted.when({ type: 'EditPost', actorId: 'u1', content: '  New #Text for @bilal ', now: at(4 * 60_000) }).then([
      {
        type: 'PostEdited',
        data: {
          postId: 'p1',
          content: 'New #Text for @bilal',
          hashtags: ['text'],
          mentions: ['bilal'],
          editedAt: at(4 * 60_000),
        },
      },
    ]);
    posted
      .when({ type: 'EditPost', actorId: 'u1', content: 'late', now: at(5 * 60_000 + 1) })
      .thenThrows({ code: 'EDIT_WINDOW_CLOSED', status: 403 });
    posted.when({ type: 'EditPost', actorId: 'u2', content: 'mine now', now: at(1000) }).thenThrows({ status: 403 });
    posted.when({ type: 'EditPost', actorId: 'u1', content: '   ', now: at(1000) }).thenThrows({ status: 400 });
    posted
      .when({ type: 'EditPost', actorId: 'u1', content: 'x'.repeat(501), now: at(1000) })
      .thenThrows({ message: 'Post must be 500 characters or less' });
    posted
      .when({ type: 'EditPost', actorId: 'u1', content: 'x'.repeat(500), now: at(1000) })
      .then((events) => expect(events).toHaveLength(1));
  });

  it('counts the 5 minutes from posting: an edit does not open a new window', () => {
    const { events: edited } = posted
      .when({ type: 'EditPost', actorId: 'u1', content: 'first edit', now: at(4 * 60_000) })
      .decide();
    const afterEdit = posted.given(edited);
    afterEdit
      .when({ type: 'EditPost', actorId: 'u1', content: 'second edit', now: at(4 * 60_000 + 30_000) })
      .then((events) => expect(events).toHaveLength(1));
    afterEdit
      .when({ type: 'EditPost', actorId: 'u1', content: 'too late', now: at(5 * 60_000 + 1) })
      .thenThrows({ code: 'EDIT_WINDOW_CLOSED', status: 403 });
  });

  it('lets the owner or a moderator delete, once', () => {
    posted.when({ type: 'DeletePost', actorId: 'u2', actorRole: 'member', now: T0 }).thenThrows({ status: 403 });
    posted
      .when({ type: 'DeletePost', actorId: 'm1', actorRole: 'moderator', now: T0 })
      .then((events) => expect(events[0]!.type).toBe('PostDeleted'));
    const { events: deleted } = posted
      .when({ type: 'DeletePost', actorId: 'u1', actorRole: 'member', now: T0 })
      .decide();
    const gone = posted.given(deleted);
    gone.when({ type: 'DeletePost', actorId: 'u1', actorRole: 'member', now: T0 }).thenThrows({ status: 404 });
    gone.when({ type: 'EditPost', actorId: 'u1', content: 'x', now: T0 }).thenThrows('POST_NOT_FOUND');
  });

  it('keeps a shared AI answer as it was shared: no edit, but its author can delete it', () => {
    const answer = { question: 'What is sabr?', answer: 'Patience (2:153)', anonymous: true };
    const shared = spec.given([{ type: 'PostCreated', data: { ...created, type: 'ai_answer', answer } }]);
    shared
      .when({ type: 'EditPost', actorId: 'u1', content: 'changed', now: at(1000) })
      .thenThrows('ANSWER_NOT_EDITABLE');
    shared
      .when({ type: 'DeletePost', actorId: 'u1', actorRole: 'member', now: at(1000) })
      .then((events) => expect(events[0]!.type).toBe('PostDeleted'));
  });

  it('lets only moderators hide and restore, each once, with the moderator and the reason', () => {
    const hide = { type: 'HidePost', actorId: 'm1', actorRole: 'moderator', reason: 'Spam', now: T0 } as const;
    posted.when({ ...hide, actorId: 'u1', actorRole: 'member' }).thenThrows({ status: 403 });
    posted.when(hide).then([{ type: 'PostHidden', data: { postId: 'p1', moderatorId: 'm1', reason: 'Spam', at: T0 } }]);
    const hidden = posted.given([
      { type: 'PostHidden', data: { postId: 'p1', moderatorId: 'm1', reason: 'Spam', at: T0 } },
    ]);
    hidden.when(hide).thenThrows({ status: 409 });
    hidden.when({ type: 'EditPost', actorId: 'u1', content: 'x', now: T0 }).thenThrows('POST_NOT_FOUND');
    hidden
      .when({ ...hide, type: 'RestorePost', actorRole: 'admin', reason: 'Appeal upheld' })
      .then([{ type: 'PostRestored', data: { postId: 'p1', moderatorId: 'm1', reason: 'Appeal upheld', at: T0 } }]);
    posted.when({ ...hide, type: 'RestorePost' }).thenThrows({ status: 409 });
    hidden.when({ ...hide, type: 'RestorePost' }).then((_, state) => expect(state.hidden).toBe(false));
  });

  it('goes with its community when the community is deleted, and only with its own community', () => {
    const inCircle = spec.given([
      { type: 'PostCreated', data: { ...created, community: { id: 'c1', private: true } } },
    ]);
    const close = (communityId: string) =>
      ({ type: 'DeleteWithCommunity', communityId, actorId: 'owner', now: at(1000) }) as const;
    inCircle
      .when(close('c1'))
      .then([{ type: 'PostDeleted', data: { postId: 'p1', deletedBy: 'owner', deletedAt: at(1000) } }]);
    inCircle.when(close('c2')).thenThrows({ code: 'POST_NOT_FOUND', status: 404 });
    posted.when(close('c1')).thenThrows({ code: 'POST_NOT_FOUND', status: 404 });
  });
});
