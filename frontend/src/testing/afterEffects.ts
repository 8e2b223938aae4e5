import { act } from '@testing-library/react';

/**
 * Lets the effects of what just rendered run. Preact, as the app ships (scripts/aliases.cjs), runs
 * effects after the next frame, as a browser paints: listeners an effect adds (a video's play and
 * pause, an IntersectionObserver) are not there yet the moment a screen first shows. A member
 * cannot act within that frame; a test that fires events at once waits for it here.
 */
export async function afterEffects(): Promise<void> {
  // Preact waits for the next animation frame, or 35 ms when frames do not come (a hidden tab).
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));
}
