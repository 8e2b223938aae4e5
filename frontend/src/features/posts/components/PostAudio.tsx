import { useTranslation } from '@/i18n/useTranslation';

/** The post's audio (or voice recording) with the browser's own accessible controls. */
export function PostAudio({ url }: { url: string }) {
  const { t } = useTranslation();
  return <audio className="post-audio" src={url} controls preload="metadata" aria-label={t('posts.media.audio')} />;
}
