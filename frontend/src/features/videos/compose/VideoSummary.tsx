import { useTranslation } from '@/i18n/useTranslation';

import type { ChosenVideo } from './useVideoComposer';
import { durationInSeconds, sizeInMb } from './videoRules';

/** §2 Video Summary: file name, duration in seconds, size in MB to one decimal, width x height. */
export function VideoSummary({ video }: { video: ChosenVideo }) {
  const { t } = useTranslation();
  const { file, metadata } = video;
  return (
    <section className="video-compose__summary" aria-label={t('videos.compose.summary')}>
      <h2>{t('videos.compose.summary')}</h2>
      <dl>
        <dt>{t('videos.compose.fileName')}</dt>
        <dd>{file.name}</dd>
        <dt>{t('videos.compose.duration')}</dt>
        <dd>
          {metadata.duration !== null
            ? t('videos.compose.seconds', { value: durationInSeconds(metadata.duration) })
            : '—'}
        </dd>
        <dt>{t('videos.compose.size')}</dt>
        <dd>{t('videos.compose.megabytes', { value: sizeInMb(file.size) })}</dd>
        <dt>{t('videos.compose.resolution')}</dt>
        <dd dir="ltr">
          {metadata.width} x {metadata.height}
        </dd>
      </dl>
    </section>
  );
}
