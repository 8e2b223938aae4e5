import { useRelativeTime } from '@/i18n/useRelativeTime';
import { useTranslation } from '@/i18n/useTranslation';
import type { QuotedPost } from '@/resources/posts';
import { AppLink } from '@/ui/AppLink';

import { QUOTE_PREVIEW_LIMIT, truncateText } from '../truncate';
import { SafeImage } from './SafeImage';

/** The embedded quoted post, its text cut at 120; a deleted one says 'This post was deleted'. */
export function QuotedPostPreview({ quote }: { quote: QuotedPost }) {
  const { t } = useTranslation();
  const relativeTime = useRelativeTime();
  if (quote.deleted) {
    return <p className="post-quote post-quote--deleted muted">{t('posts.quoteDeleted')}</p>;
  }
  const name = quote.user.displayName || quote.user.name;
  const cut = truncateText(quote.content, QUOTE_PREVIEW_LIMIT);
  const image = quote.imageUrls[0];
  return (
    <AppLink to={`/post/${quote.id}`} className="post-quote" aria-label={t('posts.quotedPost', { name })}>
      <span className="post-quote__author">
        <strong>{name}</strong>
        {quote.user.username ? (
          <span className="muted" dir="ltr">
            {' '}
            @{quote.user.username}
          </span>
        ) : null}
        <span className="muted">
          {' '}
          · <time dateTime={quote.createdAt}>{relativeTime(quote.createdAt)}</time>
        </span>
      </span>
      {quote.content ? (
        <span className="post-quote__text" dir="auto">
          {cut.truncated ? `${cut.text}…` : cut.text}
        </span>
      ) : null}
      {image ? <SafeImage src={image} alt="" className="post-quote__image" loading="lazy" /> : null}
    </AppLink>
  );
}
