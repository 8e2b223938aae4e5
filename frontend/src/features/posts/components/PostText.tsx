import { useId, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

import { TRUNCATE_LIMIT, TRUNCATE_LIMIT_COMPACT, truncateText } from '../truncate';
import { RichText } from './RichText';

/** The post's text, cut at 280 (140 compact, or `limit`) with 'See more' that expands it in place. */
export function PostText({ text, compact = false, limit }: { text: string; compact?: boolean; limit?: number }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (!text) return null;
  const cut = truncateText(text, limit ?? (compact ? TRUNCATE_LIMIT_COMPACT : TRUNCATE_LIMIT));
  const shown = expanded || !cut.truncated ? text : `${cut.text}…`;
  return (
    <div className="post-card__text">
      <p id={id} dir="auto">
        <RichText text={shown} />
      </p>
      {cut.truncated ? (
        <button
          type="button"
          className="link-button post-card__more"
          aria-controls={id}
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? t('posts.seeLess') : t('posts.seeMore')}
        </button>
      ) : null}
    </div>
  );
}
