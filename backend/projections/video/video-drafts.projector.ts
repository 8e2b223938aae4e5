import type { VideoDraftEvent } from '@modules/social/events';

import { defineProjector } from '../runner';
import { VIDEO_DRAFTS, type VideoDraftDoc } from './docs';

/** Each member's video drafts, newest saved first (GET /api/posts/video/drafts). */
export const videoDraftsProjector = defineProjector<VideoDraftEvent>({
  name: 'video-drafts',
  version: 1,
  collections: [{ name: VIDEO_DRAFTS, indexes: [{ fields: ['userId'], sort: { field: 'savedAt' } }] }],
  on: {
    async VideoDraftSaved({ data: d }, ctx) {
      await ctx.collection<VideoDraftDoc>(VIDEO_DRAFTS).upsert({
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
    async VideoDraftDeleted({ data }, ctx) {
      await ctx.collection<VideoDraftDoc>(VIDEO_DRAFTS).delete(data.draftId);
    },
  },
});
