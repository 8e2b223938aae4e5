import '../media-lab.css';

import { Fragment, useEffect, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

import { useAutoplayManager } from '../../videos';

const SAMPLES = ['sample-1', 'sample-2', 'sample-3'] as const;
const SAMPLE_URL = '/api/placeholder-video';

export type AutoplayPage = 'debug' | 'test' | 'working';

const TITLE = { debug: 'debugTitle', test: 'testTitle', working: 'workingTitle' } as const;

/**
 * /debug-autoplay, /test-autoplay and /test-working-autoplay: three sample clips separated by spacers,
 * driven by the feed's autoplay manager (play at 60% visible, pause below 30%, one at a time, paused
 * while the page is hidden). The debug page also shows the manager's state and its events.
 */
export function AutoplayTestScreen({ page }: { page: AutoplayPage }) {
  const { t } = useTranslation();
  const manager = useAutoplayManager();
  const [hidden, setHidden] = useState(document.hidden);
  const [log, setLog] = useState<string[]>([]);
  const [states, setStates] = useState<Record<string, 'playing' | 'paused'>>({});

  useEffect(() => {
    const onVisibility = () => setHidden(document.hidden);
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => {
    if (page === 'debug')
      setLog((lines) =>
        [`${new Date().toLocaleTimeString()} active: ${manager.activeId ?? '—'}`, ...lines].slice(0, 50),
      );
  }, [manager.activeId, page]);

  const mark = (id: string, state: 'playing' | 'paused') => setStates((all) => ({ ...all, [id]: state }));

  return (
    <div className="media-lab">
      <h1>{t(`mediaLab.autoplay.${TITLE[page]}`)}</h1>
      <p className="muted">{t('mediaLab.devOnly')}</p>
      {page === 'debug' ? (
        <dl className="media-lab__state" aria-live="polite">
          <dt>{t('mediaLab.autoplay.active')}</dt>
          <dd data-testid="active-video">{manager.activeId ?? t('mediaLab.autoplay.none')}</dd>
          <dt>{t('mediaLab.autoplay.sound')}</dt>
          <dd>{t(manager.soundOn ? 'mediaLab.autoplay.on' : 'mediaLab.autoplay.off')}</dd>
          <dt>{t('mediaLab.autoplay.page')}</dt>
          <dd>{t(hidden ? 'mediaLab.autoplay.hidden' : 'mediaLab.autoplay.visible')}</dd>
        </dl>
      ) : null}
      {!manager.soundOn ? (
        <button type="button" className="button" onClick={manager.enableSound}>
          {t('videos.enableSound')}
        </button>
      ) : null}
      {SAMPLES.map((id, index) => (
        <Fragment key={id}>
          <div className="media-lab__spacer">{t('mediaLab.autoplay.spacer')}</div>
          <figure className="media-lab__sample" data-video-id={id}>
            <video
              ref={(element) => manager.register(id, element)}
              src={`${SAMPLE_URL}?n=${index + 1}`}
              muted
              loop
              playsInline
              preload="metadata"
              onPlay={() => mark(id, 'playing')}
              onPause={() => mark(id, 'paused')}
            />
            <figcaption>
              {t('mediaLab.autoplay.sample', { n: index + 1 })} ·{' '}
              {t(states[id] === 'playing' ? 'mediaLab.autoplay.playing' : 'mediaLab.autoplay.paused')}
            </figcaption>
          </figure>
        </Fragment>
      ))}
      <div className="media-lab__spacer" />
      {page === 'debug' ? (
        <section>
          <h2>{t('mediaLab.autoplay.log')}</h2>
          <ol className="media-lab__log">
            {log.map((line, i) => (
              <li key={`${i}-${line}`}>{line}</li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}

export const DebugAutoplayScreen = () => <AutoplayTestScreen page="debug" />;
export const TestAutoplayScreen = () => <AutoplayTestScreen page="test" />;
export const TestWorkingAutoplayScreen = () => <AutoplayTestScreen page="working" />;
