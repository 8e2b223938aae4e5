import type { Push } from '@platform/push/push';
import { userRoom } from '@platform/push/push';

import type { MediaDoc } from './docs';
import { toMediaView } from './views';

/**
 * Tells the uploader their file is ready (`media_processed`) or was refused (`media_failed`), so the
 * composer or the feed can refetch; a restricted file's audience too (a direct message's recipient,
 * whose open chat then shows the photo). The id is the outcome event's id: a client drops repeats.
 */
export function mediaOutcomePush(eventId: string, doc: MediaDoc): Push {
  const view = toMediaView(doc);
  return {
    id: eventId,
    rooms: [...new Set([doc.ownerId, ...(doc.audience ?? [])])].map(userRoom),
    event: doc.status === 'ready' ? 'media_processed' : 'media_failed',
    payload: {
      id: eventId,
      mediaId: doc.id,
      kind: doc.kind,
      status: doc.status,
      urls: { url: view.url, posterUrl: view.posterUrl },
      width: doc.width,
      height: doc.height,
      durationSeconds: doc.durationSeconds,
      error: doc.error,
    },
  };
}
