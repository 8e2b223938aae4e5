import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

import { useDateTime } from './history/ValueView';

/** How long the slider rests before its version is asked for: dragging across ten versions asks once. */
export const SLIDER_SETTLE_MS = 300;

export interface VersionFacts {
  /** The event that made the version (unknown past the events' first page). */
  type: string | null;
  time: string;
}

/**
 * The versions of a stream on a range input: arrows, Home/End and dragging move it; the version
 * under it is loaded once it settles. Counted from 1 for people; `version` is the stream's 0-based one.
 */
export function VersionSlider({
  version,
  lastVersion,
  factsOf,
  onVersion,
}: {
  version: number;
  lastVersion: number;
  /** The event and time of a version when known (the first page of events), else null. */
  factsOf: (version: number) => VersionFacts | null;
  onVersion: (version: number) => void;
}) {
  const { t } = useTranslation();
  const date = useDateTime();
  const id = useId();
  const [pending, setPending] = useState(version);
  // The parent's callback changes with its renders; only a move of the slider restarts the wait.
  const commit = useRef(onVersion);
  commit.current = onVersion;
  const requested = useRef<number | null>(null);
  // A version chosen elsewhere (the timeline, a link) moves the thumb; the one this slider asked
  // for must not, or a step taken while it loaded would be undone.
  useLayoutEffect(() => {
    if (version === requested.current) requested.current = null;
    else setPending(version);
  }, [version]);
  useEffect(() => {
    if (pending === version) return;
    const timer = setTimeout(() => {
      requested.current = pending;
      commit.current(pending);
    }, SLIDER_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [pending, version]);
  const facts = factsOf(pending);
  const where = t('moderation.history.versionOf', { n: pending + 1, total: lastVersion + 1 });
  const detail = [where, facts?.type, facts && date(facts.time)].filter(Boolean).join(' · ');
  return (
    <div className="history-slider">
      <label htmlFor={id}>{t('moderation.history.slider')}</label>
      <input
        id={id}
        type="range"
        min={0}
        max={lastVersion}
        step={1}
        value={pending}
        disabled={lastVersion === 0}
        aria-valuetext={detail}
        onChange={(e) => setPending(Number(e.currentTarget.value))}
      />
      <output htmlFor={id} aria-live="off" className="history-slider__at">
        <span>{where}</span>
        {facts?.type ? (
          <>
            {' · '}
            <bdi dir="ltr">{facts.type}</bdi>
          </>
        ) : null}
        {facts ? (
          <>
            {' · '}
            <time dateTime={facts.time}>{date(facts.time)}</time>
          </>
        ) : null}
      </output>
    </div>
  );
}
