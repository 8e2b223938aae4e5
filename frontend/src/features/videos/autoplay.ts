/** Part 2 §9 autoplay: play at 60% visible or more, pause below 30%. */
export const AUTOPLAY = { play: 0.6, pause: 0.3 } as const;

/** Observer thresholds fine enough to tell which of two neighbours is more on screen. */
export const AUTOPLAY_THRESHOLDS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];

/**
 * §4 video feed: the active video is the one most visible at or above 0.6 (the current one keeps a
 * tie). With none that visible, the current one stays active until it drops below 0.3; then none is.
 */
export function chooseActive(ratios: ReadonlyMap<string, number>, current: string | null): string | null {
  let best: string | null = null;
  let bestRatio = 0;
  for (const [id, ratio] of ratios) {
    if (ratio >= AUTOPLAY.play && ratio > bestRatio) {
      best = id;
      bestRatio = ratio;
    }
  }
  const currentRatio = current === null ? 0 : (ratios.get(current) ?? 0);
  if (best !== null) return current !== null && currentRatio >= bestRatio ? current : best;
  return current !== null && currentRatio >= AUTOPLAY.pause ? current : null;
}

/** §9 video player keys: arrows seek 10 s, Space plays or pauses, M mutes, F toggles fullscreen. */
export type PlayerKeyAction =
  | { kind: 'seek'; seconds: number }
  | { kind: 'togglePlay' }
  | { kind: 'toggleMute' }
  | { kind: 'fullscreen' }
  | { kind: 'next' }
  | { kind: 'previous' };

export const SEEK_SECONDS = 10;

export function playerKeyAction(key: string): PlayerKeyAction | null {
  switch (key) {
    case 'ArrowRight':
      return { kind: 'seek', seconds: SEEK_SECONDS };
    case 'ArrowLeft':
      return { kind: 'seek', seconds: -SEEK_SECONDS };
    case ' ':
    case 'Spacebar':
      return { kind: 'togglePlay' };
    case 'm':
    case 'M':
      return { kind: 'toggleMute' };
    case 'f':
    case 'F':
      return { kind: 'fullscreen' };
    // In a vertical feed up and down move between clips, as a swipe does.
    case 'ArrowDown':
    case 'PageDown':
      return { kind: 'next' };
    case 'ArrowUp':
    case 'PageUp':
      return { kind: 'previous' };
    default:
      return null;
  }
}
