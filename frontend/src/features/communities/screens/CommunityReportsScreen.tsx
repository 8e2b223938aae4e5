import '../communities.css';

import { useState } from 'react';
import { Link } from 'react-router-dom';

import { PostCard, ReportReason } from '@/features/posts';
import { useRelativeTime } from '@/i18n/useRelativeTime';
import { useTranslation } from '@/i18n/useTranslation';

import { useGetCommunityReportsQuery } from '../api/communityPostsApi';
import { ListLoadState } from '../components/ListLoadState';
import { ModeratorsOnly } from '../components/ModeratorsOnly';
import { ReasonDialog } from '../components/ReasonDialog';
import { useKeepReportedPost } from '../hooks/useKeepReportedPost';
import { useRemoveCommunityPost } from '../hooks/useRemoveCommunityPost';
import type { CommunityReportView, CommunityView } from '../types';

/**
 * /communities/:slug/reports — reports on the community's posts, for its moderators: remove the post,
 * or keep it (its reports close until someone reports it again).
 */
export default function CommunityReportsScreen() {
  return <ModeratorsOnly>{(community) => <Reports community={community} />}</ModeratorsOnly>;
}

function Reports({ community }: { community: CommunityView }) {
  const { t } = useTranslation();
  const reports = useGetCommunityReportsQuery(community.slug);
  const remove = useRemoveCommunityPost(community.slug);
  const keep = useKeepReportedPost(community.slug);
  const [removing, setRemoving] = useState<string | null>(null);
  const list = reports.data ?? [];

  return (
    <section className="page community-queue" aria-labelledby="community-reports-title">
      <Link to={`/communities/${encodeURIComponent(community.slug)}`} className="community__back">
        {t('communities.editor.backTo', { name: community.name })}
      </Link>
      <h1 id="community-reports-title">{t('communities.reports.title')}</h1>
      {reports.isLoading || (reports.isError && list.length === 0) ? (
        <ListLoadState
          loading={reports.isLoading}
          failed
          rows={3}
          loadingLabel={t('communities.reports.loading')}
          errorText={t('communities.reports.error')}
          onRetry={() => void reports.refetch()}
        />
      ) : list.length === 0 ? (
        <p className="community-state muted">{t('communities.reports.empty')}</p>
      ) : (
        <ul className="community-reports">
          {list.map((report) => (
            <ReportItem
              key={report.postId}
              report={report}
              onRemove={() => setRemoving(report.postId)}
              keeping={keep.keeping === report.postId}
              onKeep={() => void keep.run(report.postId)}
            />
          ))}
        </ul>
      )}
      {removing ? (
        <ReasonDialog
          title={t('communities.reason.removeTitle')}
          body={t('communities.reason.removeBody')}
          confirmLabel={t('communities.reason.removeConfirm')}
          busy={remove.busy}
          onCancel={() => setRemoving(null)}
          onConfirm={(reason) => void remove.run(removing, reason).then((done) => done && setRemoving(null))}
        />
      ) : null}
    </section>
  );
}

function ReportItem({
  report,
  keeping,
  onRemove,
  onKeep,
}: {
  report: CommunityReportView;
  keeping: boolean;
  onRemove: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation();
  const relativeTime = useRelativeTime();
  return (
    <li className="community-report" aria-label={t('communities.reports.item', { count: report.reportCount })}>
      {report.post ? (
        <PostCard post={report.post} compact hideActions />
      ) : (
        <p className="muted">{t('communities.reports.postGone')}</p>
      )}
      <p className="community-report__count">
        {t('communities.reports.count', { count: report.reportCount })}
        {' · '}
        <time dateTime={report.lastReportedAt}>
          {t('communities.reports.last', { time: relativeTime(report.lastReportedAt) })}
        </time>
      </p>
      {report.reasons.length > 0 ? (
        <ul className="community-report__reasons">
          {report.reasons.map((reason, index) => (
            <li key={index} dir="auto">
              <ReportReason text={reason} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="community-report__actions">
        {report.post ? (
          <button type="button" className="button button--danger button--small" onClick={onRemove}>
            {t('communities.reports.remove')}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--quiet button--small"
          onClick={onKeep}
          disabled={keeping}
          aria-busy={keeping}
        >
          {t('communities.reports.keep')}
        </button>
      </div>
    </li>
  );
}
