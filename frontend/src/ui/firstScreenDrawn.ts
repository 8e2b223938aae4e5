/** What a screen, list or panel shows while it is still loading (ScreenLoading, aria-busy, skeleton rows). */
export const LOADING_SELECTOR = '.screen-loading, [aria-busy="true"], .skeleton';

/** Whether the layout's main is drawn with nothing in it still loading and its eager images in. */
export function screenDrawn(doc: Document = document): boolean {
  if (!doc.querySelector('main') || doc.querySelector(LOADING_SELECTOR)) return false;
  for (const image of doc.querySelectorAll<HTMLImageElement>('main img')) {
    if (image.getAttribute('loading') !== 'lazy' && !image.complete) return false;
  }
  return true;
}

/**
 * Settles once the first screen is drawn (screenDrawn, checked each frame), or after `timeout` ms
 * whatever it shows: work that would compete with the first screen on a phone's slow network
 * waits for it (issue 37).
 */
export function firstScreenDrawn(timeout = 8000): Promise<void> {
  return new Promise((resolve) => {
    const until = performance.now() + timeout;
    const check = () => {
      if (screenDrawn() || performance.now() > until) resolve();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}
