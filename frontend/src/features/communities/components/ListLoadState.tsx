import { useTranslation } from '@/i18n/useTranslation';
import { SkeletonRows } from '@/ui/SkeletonRows';

interface ListLoadStateProps {
  loading: boolean;
  /** Nothing could be loaded (an error with items already shown keeps them instead). */
  failed: boolean;
  rows: number;
  loadingLabel: string;
  errorText: string;
  onRetry: () => void;
}

/** A community list's first load: skeleton rows while it loads, the error with Retry when nothing came. */
export function ListLoadState({ loading, failed, rows, loadingLabel, errorText, onRetry }: ListLoadStateProps) {
  const { t } = useTranslation();
  if (loading)
    return (
      <SkeletonRows count={rows} label={loadingLabel} className="community-skeletons" block="community-skeleton" />
    );
  if (!failed) return null;
  return (
    <div className="community-state" role="alert">
      <p>{errorText}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('communities.retry')}
      </button>
    </div>
  );
}
