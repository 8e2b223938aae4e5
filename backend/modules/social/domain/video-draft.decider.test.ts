import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { videoDraftDecider } from './video-draft.decider';

const A = 'member-a';
const B = 'member-b';
const draft = (over: Record<string, unknown> = {}) => ({
  draftId: 'd1',
  userId: A,
  caption: "Jumu'ah reminder",
  videoFile: null,
  metadata: {},
  allowComments: true,
  mediaId: null,
  savedAt: '2026-01-02T00:00:00.000Z',
  ...over,
});
const spec = DeciderSpec.for(videoDraftDecider);
const notFound = { message: 'Draft not found' };

describe('video draft decider', () => {
  it('saves, keeps the first save time on overwrite, and deletes for its owner only', () => {
    const { events: first } = spec
      .when({ type: 'SaveDraft', actorId: A, draft: draft({ savedAt: '2026-01-01T00:00:00.000Z' }) })
      .decide();
    const { events: second } = spec
      .given(first)
      .when({ type: 'SaveDraft', actorId: A, draft: draft({ caption: 'edited' }) })
      .then([
        {
          type: 'VideoDraftSaved',
          data: expect.objectContaining({
            caption: 'edited',
            createdAt: '2026-01-01T00:00:00.000Z',
            savedAt: '2026-01-02T00:00:00.000Z',
          }),
        },
      ]);
    const saved = spec.given([...first, ...second]);
    saved.when({ type: 'SaveDraft', actorId: B, draft: draft({ userId: B }) }).thenThrows(notFound);
    saved.when({ type: 'DeleteDraft', actorId: B, now: 'n' }).thenThrows(notFound);
    const { events: deleted } = saved.when({ type: 'DeleteDraft', actorId: A, now: 'n' }).decide();
    const gone = saved.given(deleted);
    gone.when({ type: 'DeleteDraft', actorId: A, now: 'n' }).thenThrows(notFound);
    gone.when({ type: 'SaveDraft', actorId: A, draft: draft() }).thenThrows(notFound);
  });

  it("refuses an empty draft with the composer's text", () => {
    spec
      .when({ type: 'SaveDraft', actorId: A, draft: draft({ caption: '   ' }) })
      .thenThrows({ message: 'Nothing to save: Add a video or caption to save as draft.' });
    spec
      .when({
        type: 'SaveDraft',
        actorId: A,
        draft: draft({ caption: '', videoFile: { name: 'a.mp4', size: 1, type: 'video/mp4' } }),
      })
      .then((events) => expect(events).toHaveLength(1));
  });
});
