import type { MediaEvent } from '@modules/media/events';
import type { MessageEvent } from '@modules/messaging/events';
import type { PushOutbox } from '@platform/push/push-outbox';

import type { RecordedEvent } from '../../src/platform/event-store/event-store.port';
import type { ProjectionContext, Projector } from '../runner';
import { MEDIA, MEDIA_PROJECTOR, type MediaDoc } from './docs';
import { mediaOutcomePush } from './pushes';

/**
 * The `media` read model: status, variants, dimensions and duration of each media item. Once an
 * outcome is applied, the uploader is pushed `media_processed` or `media_failed` (after commit).
 */
export function mediaProjector(outbox: PushOutbox | null = null): Projector {
  const push = (event: RecordedEvent, ctx: ProjectionContext, doc: MediaDoc | null) => {
    if (doc) outbox?.stage(MEDIA_PROJECTOR, event, ctx, mediaOutcomePush(event.id, doc));
  };
  return {
    name: MEDIA_PROJECTOR,
    // 2: documents carry `audience`. 3: a direct message's file sent before uploads carried one
    // gets the conversation's two members from its MessageSent.
    version: 3,
    handles: ['MediaUploaded', 'MediaPosterPrepared', 'MediaProcessed', 'MediaFailed', 'MessageSent'] satisfies (
      MediaEvent | MessageEvent
    )['type'][],
    collections: [{ name: MEDIA, indexes: [{ fields: ['ownerId'], sort: { field: 'createdAt' } }] }],
    async handle(event: RecordedEvent, ctx: ProjectionContext) {
      const media = ctx.collection<MediaDoc>(MEDIA);
      const e = { type: event.type, data: event.data } as MediaEvent | Extract<MessageEvent, { type: 'MessageSent' }>;
      switch (e.type) {
        case 'MessageSent': {
          // The file was uploaded with this message, for it alone (messaging ingests it on send).
          const mediaId = e.data.mediaId;
          if (!mediaId) return;
          const doc = await media.get(mediaId);
          if (doc && !doc.audience)
            await media.update(mediaId, { set: { audience: [e.data.senderId, e.data.receiverId] } });
          return;
        }
        case 'MediaUploaded':
          // upsert: replaying the same event writes the same document.
          await media.upsert({
            id: e.data.mediaId,
            ownerId: e.data.ownerId,
            kind: e.data.kind,
            mime: e.data.mime,
            purpose: e.data.purpose,
            status: 'processing',
            bytes: e.data.bytes,
            name: e.data.name ?? null,
            audience: e.data.audience ?? null,
            originalKey: e.data.originalKey,
            width: null,
            height: null,
            durationSeconds: null,
            variants: [],
            error: null,
            createdAt: e.data.uploadedAt,
            processedAt: null,
          });
          return;
        case 'MediaPosterPrepared':
          // Still processing: the poster is served, the video is not yet.
          await media.update(e.data.mediaId, {
            set: {
              width: e.data.width,
              height: e.data.height,
              durationSeconds: e.data.durationSeconds,
              variants: e.data.variants,
            },
          });
          return;
        case 'MediaProcessed':
          push(
            event,
            ctx,
            await media.update(e.data.mediaId, {
              set: {
                status: 'ready',
                width: e.data.width,
                height: e.data.height,
                durationSeconds: e.data.durationSeconds,
                variants: e.data.variants,
                processedAt: e.data.processedAt,
              },
            }),
          );
          return;
        case 'MediaFailed':
          push(
            event,
            ctx,
            await media.update(e.data.mediaId, {
              set: {
                status: 'failed',
                error: { code: e.data.code, message: e.data.message },
                processedAt: e.data.failedAt,
              },
            }),
          );
          return;
      }
    },
  };
}
