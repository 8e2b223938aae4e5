import { useCallback, useEffect, useRef, useState } from 'react';

import { AUTOPLAY_THRESHOLDS, chooseActive } from '../autoplay';

export interface AutoplayManager {
  /** Ref callback for each clip's video element (null when it unmounts). */
  register: (id: string, element: HTMLVideoElement | null) => void;
  activeId: string | null;
  /** Sound stays off until the member's first interaction (§4); then the active clip plays with sound. */
  soundOn: boolean;
  /** Sound was asked for but the browser refused unmuted playback: show 'Tap to enable sound'. */
  soundBlocked: boolean;
  enableSound: () => void;
  setSound: (on: boolean) => void;
  /** A clip the member paused stays paused while it is the active one. */
  pausedByUser: boolean;
  setPausedByUser: (paused: boolean) => void;
  elementOf: (id: string) => HTMLVideoElement | undefined;
}

/**
 * The one autoplay manager of the video feed (§4): one IntersectionObserver over every clip, one clip
 * playing at a time, everything paused while the page is hidden.
 */
export function useAutoplayManager(): AutoplayManager {
  const elements = useRef(new Map<string, HTMLVideoElement>());
  const ids = useRef(new WeakMap<Element, string>());
  const ratios = useRef(new Map<string, number>());
  const observer = useRef<IntersectionObserver | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [soundOn, setSoundOn] = useState(false);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const [pausedByUser, setPausedByUser] = useState(false);
  const [hidden, setHidden] = useState(() => typeof document !== 'undefined' && document.hidden);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return undefined;
    const watcher = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = ids.current.get(entry.target);
          if (id !== undefined) ratios.current.set(id, entry.intersectionRatio);
        }
        setActiveId((current) => chooseActive(ratios.current, current));
      },
      { threshold: AUTOPLAY_THRESHOLDS },
    );
    observer.current = watcher;
    elements.current.forEach((element) => watcher.observe(element));
    return () => {
      watcher.disconnect();
      observer.current = null;
    };
  }, []);

  const register = useCallback((id: string, element: HTMLVideoElement | null) => {
    const previous = elements.current.get(id);
    if (previous && previous !== element) {
      observer.current?.unobserve(previous);
      elements.current.delete(id);
      ratios.current.delete(id);
    }
    if (element && previous !== element) {
      elements.current.set(id, element);
      ids.current.set(element, id);
      observer.current?.observe(element);
    }
  }, []);

  useEffect(() => {
    const onVisibility = () => setHidden(document.hidden);
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // A new active clip starts playing: the member's pause was for the previous one.
  useEffect(() => setPausedByUser(false), [activeId]);

  useEffect(() => {
    for (const [id, element] of elements.current) {
      if (id !== activeId || hidden || pausedByUser) {
        if (!element.paused) element.pause();
        continue;
      }
      element.muted = !soundOn;
      const playing = element.play();
      // jsdom and old browsers return nothing; a refusal with sound falls back to muted playback.
      if (playing && typeof playing.catch === 'function') {
        playing.catch((error: unknown) => {
          if (element.muted || (error as { name?: string })?.name !== 'NotAllowedError') return;
          element.muted = true;
          setSoundOn(false);
          setSoundBlocked(true);
          void element.play()?.catch(() => undefined);
        });
      }
    }
  }, [activeId, hidden, soundOn, pausedByUser]);

  const enableSound = useCallback(() => {
    setSoundBlocked(false);
    setSoundOn(true);
  }, []);

  return {
    register,
    activeId,
    soundOn,
    soundBlocked,
    enableSound,
    setSound: setSoundOn,
    pausedByUser,
    setPausedByUser,
    elementOf: (id) => elements.current.get(id),
  };
}
