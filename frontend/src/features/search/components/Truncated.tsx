import { useId, useState } from 'react';

import { truncateText } from '@/features/posts';
import { useTranslation } from '@/i18n/useTranslation';

import { CONTENT_TRUNCATE_LIMIT } from '../limits';

/**
 * Text cut to 200 characters (§9) with an ellipsis. With `expandable`, a 'Read more' toggle shows
 * the rest in place; without it the row links to the whole thing instead.
 */
export function Truncated({
  text,
  expandable = false,
  className,
}: {
  text: string;
  expandable?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const cut = truncateText(text, CONTENT_TRUNCATE_LIMIT);
  const shown = expanded || !cut.truncated ? text : `${cut.text}…`;
  return (
    <>
      <p id={id} className={className} dir="auto">
        {shown}
      </p>
      {expandable && cut.truncated ? (
        <button
          type="button"
          className="link-button search__more"
          aria-controls={id}
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? t('search.qa.showLess') : t('search.qa.readMore')}
        </button>
      ) : null}
    </>
  );
}
