import '../media-lab.css';

import { type KeyboardEvent, useId, useRef, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { TabList } from '@/ui/TabList';

import { MediaUploader, useMediaUploader } from '../../uploads';
import { playerKeyAction } from '../../videos';

const TABS = ['upload', 'images', 'player', 'gallery'] as const;
type Tab = (typeof TABS)[number];

/** Part 2 §9 responsive widths. */
const WIDTHS = [320, 640, 1024, 1280, 1920];
const GALLERY_MAX = 4;
const placeholder = (text: string, width: number, height: number) =>
  `/api/placeholder-image?text=${encodeURIComponent(text)}&width=${width}&height=${height}`;

function UploadTab() {
  const { t } = useTranslation();
  const uploader = useMediaUploader();
  const ids = uploader.items.flatMap((item) => (item.mediaId ? [item.mediaId] : []));
  return (
    <>
      <MediaUploader uploader={uploader} />
      {ids.length ? <p>{t('mediaLab.media.uploaded', { ids: ids.join(', ') })}</p> : null}
    </>
  );
}

function ImagesTab() {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <>
      <p className="muted">{t('mediaLab.media.imagesHint')}</p>
      {failed ? (
        <p role="status">{t('mediaLab.media.failedImage')}</p>
      ) : (
        <img
          className="media-lab__responsive"
          src={placeholder('1024', 1024, 576)}
          srcSet={WIDTHS.map((w) => `${placeholder(String(w), Math.min(w, 2000), Math.round(w * 0.5625))} ${w}w`).join(
            ', ',
          )}
          sizes="(max-width: 640px) 100vw, 640px"
          alt=""
          onError={() => setFailed(true)}
        />
      )}
    </>
  );
}

function PlayerTab() {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const onKeyDown = (event: KeyboardEvent) => {
    const action = playerKeyAction(event.key);
    const v = video.current;
    if (!action || !v || action.kind === 'next' || action.kind === 'previous') return;
    event.preventDefault();
    if (action.kind === 'seek') v.currentTime = Math.max(0, v.currentTime + action.seconds);
    else if (action.kind === 'togglePlay') void (v.paused ? v.play() : v.pause());
    else if (action.kind === 'toggleMute') v.muted = !v.muted;
    else if (document.fullscreenElement) void document.exitFullscreen?.();
    else void v.requestFullscreen?.();
  };
  if (failed) return <p role="status">{t('mediaLab.media.failedVideo')}</p>;
  return (
    <>
      <p className="muted">{t('mediaLab.media.playerHint')}</p>
      <video
        ref={video}
        className="media-lab__player"
        src="/api/placeholder-video"
        controls
        playsInline
        tabIndex={0}
        onKeyDown={onKeyDown}
        onError={() => setFailed(true)}
      />
    </>
  );
}

function GalleryTab() {
  const { t } = useTranslation();
  const items = Array.from({ length: 6 }, (_, i) => placeholder(`#${i + 1}`, 400, 400));
  const shown = items.slice(0, GALLERY_MAX);
  const rest = items.length - GALLERY_MAX;
  return (
    <>
      <p className="muted">{t('mediaLab.media.galleryHint')}</p>
      <ul className="media-lab__gallery">
        {shown.map((src, i) => (
          <li key={src}>
            <img src={src} alt="" />
            {i === GALLERY_MAX - 1 && rest > 0 ? (
              <span className="media-lab__more">{t('mediaLab.media.more', { count: rest })}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <a href="/tests/media-upload-test.html">{t('mediaLab.media.legacyPage')}</a>
    </>
  );
}

const PANELS: Record<Tab, () => React.JSX.Element> = {
  upload: UploadTab,
  images: ImagesTab,
  player: PlayerTab,
  gallery: GalleryTab,
};

/** /media-test (development builds): the four tabs of part 2 §2 over the real media endpoints. */
export default function MediaTestScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('upload');
  const base = useId();
  const Panel = PANELS[tab];
  return (
    <div className="media-lab">
      <h1>{t('mediaLab.media.title')}</h1>
      <p className="muted">{t('mediaLab.devOnly')}</p>
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        aria-label={t('mediaLab.media.tabs')}
        tabId={(x) => `${base}-tab-${x}`}
        panelId={() => `${base}-panel`}
        label={(x) => t(`mediaLab.media.${x}`)}
        className="media-lab__tabs"
        tabClassName="media-lab__tab"
      />
      <div id={`${base}-panel`} role="tabpanel" aria-labelledby={`${base}-tab-${tab}`} className="media-lab__panel">
        <Panel />
      </div>
    </div>
  );
}
