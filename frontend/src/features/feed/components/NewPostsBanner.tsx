import { useTranslation } from '@/i18n/useTranslation';

/** 'N new posts': tapping it scrolls to the top and refreshes the feed. */
export function NewPostsBanner({ count, onShow }: { count: number; onShow: () => void }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <div className="feed-new-posts" role="status">
      <button type="button" className="button feed-new-posts__button" onClick={onShow}>
        {t('feed.newPosts', { count })}
      </button>
    </div>
  );
}
