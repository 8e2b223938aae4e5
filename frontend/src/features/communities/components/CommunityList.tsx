import { useTranslation } from '@/i18n/useTranslation';
import { useLoadMore } from '@/ui/useLoadMore';

import type { CommunityView } from '../types';
import { CommunityCard } from './CommunityCard';
import { ListLoadState } from './ListLoadState';

export interface CommunityListProps {
  communities: CommunityView[];
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  onRetry: () => void;
  /** Shown when there is none. */
  empty: React.ReactNode;
}

/** A list of community cards that loads the next page when its end comes into view (or on the button). */
export function CommunityList(props: CommunityListProps) {
  const { t } = useTranslation();
  const { communities, hasMore, loadingMore } = props;
  const sentinel = useLoadMore<HTMLDivElement>(props.onMore, hasMore && !loadingMore, communities.length);

  if (props.loading || (props.failed && communities.length === 0))
    return (
      <ListLoadState
        loading={props.loading}
        failed
        rows={4}
        loadingLabel={t('communities.loading')}
        errorText={t('communities.error')}
        onRetry={props.onRetry}
      />
    );
  if (communities.length === 0) return <>{props.empty}</>;
  return (
    <>
      <ul className="community-list">
        {communities.map((community) => (
          <li key={community.id}>
            <CommunityCard community={community} />
          </li>
        ))}
      </ul>
      {hasMore ? (
        <div ref={sentinel} className="community-more">
          <button type="button" className="button button--quiet" disabled={loadingMore} onClick={props.onMore}>
            {loadingMore ? t('communities.loadingMore') : t('communities.loadMore')}
          </button>
        </div>
      ) : null}
    </>
  );
}
