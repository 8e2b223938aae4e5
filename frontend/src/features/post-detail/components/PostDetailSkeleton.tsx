import { useTranslation } from '@/i18n/useTranslation';

/** The shape of a post and two comments while the post loads. */
export function PostDetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="post-detail__skeleton" role="status" aria-label={t('postDetail.loading')}>
      <div className="card post-detail__skeleton-card" aria-hidden="true">
        <div className="post-detail__skeleton-head">
          <span className="pd-skeleton pd-skeleton--circle" />
          <span className="pd-skeleton pd-skeleton--line pd-skeleton--short" />
        </div>
        <span className="pd-skeleton pd-skeleton--line" />
        <span className="pd-skeleton pd-skeleton--line" />
        <span className="pd-skeleton pd-skeleton--line pd-skeleton--short" />
        <span className="pd-skeleton pd-skeleton--block" />
      </div>
      <span className="pd-skeleton pd-skeleton--line pd-skeleton--short" aria-hidden="true" />
    </div>
  );
}
