import { type Post, QUOTE_PREVIEW_LIMIT, truncateText } from '@/features/posts';
import { useTranslation } from '@/i18n/useTranslation';

/** The post being quoted, its text cut at 120 characters (§2). */
export function QuotePreview({ post }: { post: Post }) {
  const { t } = useTranslation();
  const name = post.user.displayName || post.user.name || post.user.username;
  const preview = truncateText(post.content, QUOTE_PREVIEW_LIMIT);
  return (
    <figure className="compose__quote" aria-label={t('compose.quote.label', { name })}>
      <figcaption>
        <strong>{name}</strong>{' '}
        <span className="muted" dir="ltr">
          @{post.user.username}
        </span>
      </figcaption>
      <p className="compose__quote-text" dir="auto">
        {preview.truncated ? `${preview.text}…` : preview.text}
      </p>
    </figure>
  );
}
