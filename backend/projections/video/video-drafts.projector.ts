import type { VideoDraftEvent } from '@modules/social/events';

import type { RecordedEvent } from '../../src/platform/event-store/event-store.port';
import type { ProjectionContext, Projector } from '../runner';
import { VIDEO_DRAFTS, type VideoDraftDoc } from './docs';

/** Each member's video drafts, newest saved first (GET /api/posts/video/drafts). */
export const videoDraftsProjector: Projector = {
  name: 'video-drafts',
  version: 1,
  handles: ['VideoDraftSaved', 'VideoDraftDeleted'] satisfies VideoDraftEvent['type'][],
  collections: [{ name: VIDEO_DRAFTS, indexes: [{ fields: ['userId'], sort: { field: 'savedAt' } }] }],
  async handle(event: RecordedEvent, ctx: ProjectionContext) {
    const drafts = ctx.collection<VideoDraftDoc>(VIDEO_DRAFTS);
    const e = { type: event.type, data: event.data } as VideoDraftEvent;
    if (e.type === 'VideoDraftDeleted') {
      await drafts.delete(e.data.draftId);
      return;
    }
    const d = e.data;
    await drafts.upsert({
      id: d.draftId,
      userId: d.userId,
      caption: d.caption,
      videoFile: d.videoFile,
      metadata: d.metadata,
      allowComments: d.allowComments,
      mediaId: d.mediaId,
      createdAt: d.createdAt,
      savedAt: d.savedAt,
    });
  },
};
