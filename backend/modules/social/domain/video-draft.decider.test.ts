import { fold } from '@platform/decider/decider';
import { videoDraftDecider } from './video-draft.decider';
import { commentsAllowed, videoPostDecider } from './video-post.decider';
import type { VideoDraftEvent } from '../events';

const A = 'member-a';
const B = 'member-b';
const draft = (over: Record<string, unknown> = {}) => ({ draftId: 'd1', userId: A, caption: 'Jumu\'ah reminder', videoFile: null, metadata: {}, allowComments: true, mediaId: null, savedAt: '2026-01-02T00:00:00.000Z', ...over });

describe('video draft decider', () => {
  it('saves, keeps the first save time on overwrite, and deletes for its owner only', () => {
    const first = videoDraftDecider.decide(videoDraftDecider.initialState(), { type: 'SaveDraft', actorId: A, draft: draft({ savedAt: '2026-01-01T00:00:00.000Z' }) });
    let state = fold(videoDraftDecider, first as VideoDraftEvent[]);
    const second = videoDraftDecider.decide(state, { type: 'SaveDraft', actorId: A, draft: draft({ caption: 'edited' }) });
    expect(second[0].data).toMatchObject({ caption: 'edited', createdAt: '2026-01-01T00:00:00.000Z', savedAt: '2026-01-02T00:00:00.000Z' });
    state = fold(videoDraftDecider, [...first, ...second] as VideoDraftEvent[]);
    expect(() => videoDraftDecider.decide(state, { type: 'SaveDraft', actorId: B, draft: draft({ userId: B }) })).toThrow('Draft not found');
    expect(() => videoDraftDecider.decide(state, { type: 'DeleteDraft', actorId: B, now: 'n' })).toThrow('Draft not found');
    const deleted = videoDraftDecider.decide(state, { type: 'DeleteDraft', actorId: A, now: 'n' });
    state = fold(videoDraftDecider, [...first, ...second, ...deleted] as VideoDraftEvent[]);
    expect(() => videoDraftDecider.decide(state, { type: 'DeleteDraft', actorId: A, now: 'n' })).toThrow('Draft not found');
    expect(() => videoDraftDecider.decide(state, { type: 'SaveDraft', actorId: A, draft: draft() })).toThrow('Draft not found');
  });

  it("refuses an empty draft with the composer's text", () => {
    expect(() => videoDraftDecider.decide(videoDraftDecider.initialState(), { type: 'SaveDraft', actorId: A, draft: draft({ caption: '   ' }) })).toThrow(
      'Nothing to save: Add a video or caption to save as draft.',
    );
    expect(videoDraftDecider.decide(videoDraftDecider.initialState(), { type: 'SaveDraft', actorId: A, draft: draft({ caption: '', videoFile: { name: 'a.mp4', size: 1, type: 'video/mp4' } }) })).toHaveLength(1);
  });
});

describe('video post decider', () => {
  it('records the settings once; only a post that turned comments off refuses them', () => {
    const post = { postId: 'p', userId: A, mediaId: 'm', allowComments: false, declared: { duration: 3, width: null, height: null, size: null, format: 'video/mp4' }, at: 't' };
    expect(commentsAllowed(videoPostDecider.initialState())).toBe(true);
    const events = videoPostDecider.decide(videoPostDecider.initialState(), { type: 'SubmitVideoPost', post });
    const state = fold(videoPostDecider, events);
    expect(commentsAllowed(state)).toBe(false);
    expect(() => videoPostDecider.decide(state, { type: 'SubmitVideoPost', post })).toThrow('This post already exists');
  });
});
