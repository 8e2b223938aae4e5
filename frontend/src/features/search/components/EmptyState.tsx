import { useTranslation } from '@/i18n/useTranslation';
import { BookIcon, SearchIcon, UserIcon } from '@/ui/icons';

export type EmptyAction = 'posts' | 'users' | 'ask';

/** §2 empty state: Find Posts, Find Users, Ask AI Scholar — each points the box at that kind of search. */
export function EmptyState({ onAction }: { onAction: (action: EmptyAction) => void }) {
  const { t } = useTranslation();
  return (
    <section className="search__empty" aria-labelledby="search-empty-title">
      <h2 id="search-empty-title">{t('search.empty.title')}</h2>
      <p className="muted">{t('search.empty.body')}</p>
      <div className="search__empty-actions">
        <button type="button" className="button button--quiet" onClick={() => onAction('posts')}>
          <SearchIcon />
          {t('search.empty.findPosts')}
        </button>
        <button type="button" className="button button--quiet" onClick={() => onAction('users')}>
          <UserIcon />
          {t('search.empty.findUsers')}
        </button>
        <button type="button" className="button" onClick={() => onAction('ask')}>
          <BookIcon />
          {t('search.empty.askScholar')}
        </button>
      </div>
    </section>
  );
}
