import { fold } from '../../../src/platform/decider/decider';
import { postDecider, type PostState } from './post.decider';
import type { PostCreatedData, PostEvent } from '../events';

const T0 = '2026-11-23T10:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const created: PostCreatedData = {
  postId: 'p1', userId: 'u1', type: 'text', content: 'Salaam', hashtags: [], mentions: [], poll: null, quotedPostId: null, imageCaptions: [], limited: false, createdAt: T0,
};
const state = (events: PostEvent[] = [{ type: 'PostCreated', data: created }]): PostState => fold(postDecider, events);

describe('post decider', () => {
  it('creates once', () => {
    expect(postDecider.decide(state([]), { type: 'CreatePost', post: created })).toEqual([{ type: 'PostCreated', data: created }]);
    expect(() => postDecider.decide(state(), { type: 'CreatePost', post: created })).toThrow(expect.objectContaining({ status: 409 }));
  });

  it('lets the owner edit within 5 minutes, trimmed, 1 to 500 characters, with tags parsed again', () => {
    const [edited] = postDecider.decide(state(), { type: 'EditPost', actorId: 'u1', content: '  New #Text for @bilal ', now: at(4 * 60_000) });
    expect(edited).toEqual({ type: 'PostEdited', data: { postId: 'p1', content: 'New #Text for @bilal', hashtags: ['text'], mentions: ['bilal'], editedAt: at(4 * 60_000) } });
    expect(() => postDecider.decide(state(), { type: 'EditPost', actorId: 'u1', content: 'late', now: at(5 * 60_000 + 1) })).toThrow(
      expect.objectContaining({ code: 'EDIT_WINDOW_CLOSED', status: 403 }),
    );
    expect(() => postDecider.decide(state(), { type: 'EditPost', actorId: 'u2', content: 'mine now', now: at(1000) })).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => postDecider.decide(state(), { type: 'EditPost', actorId: 'u1', content: '   ', now: at(1000) })).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => postDecider.decide(state(), { type: 'EditPost', actorId: 'u1', content: 'x'.repeat(501), now: at(1000) })).toThrow(
      'Post must be 500 characters or less',
    );
    expect(postDecider.decide(state(), { type: 'EditPost', actorId: 'u1', content: 'x'.repeat(500), now: at(1000) })).toHaveLength(1);
  });

  it('lets the owner or a moderator delete, once', () => {
    expect(() => postDecider.decide(state(), { type: 'DeletePost', actorId: 'u2', actorRole: 'member', now: T0 })).toThrow(expect.objectContaining({ status: 403 }));
    expect(postDecider.decide(state(), { type: 'DeletePost', actorId: 'm1', actorRole: 'moderator', now: T0 })[0].type).toBe('PostDeleted');
    const [deleted] = postDecider.decide(state(), { type: 'DeletePost', actorId: 'u1', actorRole: 'member', now: T0 });
    const gone = postDecider.evolve(state(), deleted);
    expect(() => postDecider.decide(gone, { type: 'DeletePost', actorId: 'u1', actorRole: 'member', now: T0 })).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => postDecider.decide(gone, { type: 'EditPost', actorId: 'u1', content: 'x', now: T0 })).toThrow(expect.objectContaining({ code: 'POST_NOT_FOUND' }));
  });
});
