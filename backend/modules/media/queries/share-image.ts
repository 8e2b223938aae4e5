import type { PreviewImage } from '@platform/http/link-preview';

import type { MediaView } from './media.queries';

/** Wide enough for a large card (X asks 1200 px at most), small enough that a chat app fetches it. */
const SHARE_WIDTH = 1280;

/**
 * The prepared file a link preview shows of an image (or a video's poster): a JPEG, which every
 * crawler reads (not all take WebP, few AVIF), the widest up to SHARE_WIDTH. Null while nothing is
 * prepared. Give it views read as a signed-out visitor (`MediaQueries.views(ids)`), so an item
 * only some members may see (a message's photo) is never offered.
 */
export function shareImageOf(view: MediaView | undefined, alt = ''): PreviewImage | null {
  if (!view) return null;
  const role = view.kind === 'image' ? 'image' : view.kind === 'video' ? 'poster' : null;
  const jpegs = view.variants
    .filter((v) => v.role === role && v.mime === 'image/jpeg')
    .sort((a, b) => a.width - b.width);
  const chosen = [...jpegs].reverse().find((v) => v.width <= SHARE_WIDTH) ?? jpegs[0];
  return chosen ? { path: chosen.url, width: chosen.width, height: chosen.height, alt } : null;
}
