import type { RecordedEvent } from '../../src/platform/event-store/event-store.port';
import type { MediaEvent, MediaVariant } from '../../modules/media/domain/media.events';
import type { MediaKind, MediaPurpose } from '../../modules/media/domain/media-types';
import type { Projector, ProjectionContext } from '../runner/projector';

export const MEDIA = 'media';

/** A media item as the serving side and other modules read it. */
export interface MediaDoc {
  id: string;
  [key: string]: unknown;
  ownerId: string;
  kind: MediaKind;
  mime: string;
  purpose: MediaPurpose;
  status: 'processing' | 'ready' | 'failed';
  bytes: number;
  originalKey: string;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  variants: MediaVariant[];
  error: { code: string; message: string } | null;
  createdAt: string;
  processedAt: string | null;
}

/** The `media` read model: status, variants, dimensions and duration of each media item. */
export const mediaProjector: Projector = {
  name: 'media',
  version: 1,
  handles: ['MediaUploaded', 'MediaProcessed', 'MediaFailed'] satisfies MediaEvent['type'][],
  collections: [{ name: MEDIA, indexes: [{ fields: ['ownerId'], sort: { field: 'createdAt' } }] }],
  async handle(event: RecordedEvent, ctx: ProjectionContext) {
    const media = ctx.collection<MediaDoc>(MEDIA);
    const e = { type: event.type, data: event.data } as MediaEvent;
    switch (e.type) {
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
      case 'MediaProcessed':
        await media.update(e.data.mediaId, {
          set: {
            status: 'ready',
            width: e.data.width,
            height: e.data.height,
            durationSeconds: e.data.durationSeconds,
            variants: e.data.variants,
            processedAt: e.data.processedAt,
          },
        });
        return;
      case 'MediaFailed':
        await media.update(e.data.mediaId, { set: { status: 'failed', error: { code: e.data.code, message: e.data.message }, processedAt: e.data.failedAt } });
        return;
    }
  },
};
