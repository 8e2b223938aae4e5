import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';

import { ReportReason } from '@/features/posts';
import { listFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';
import { SkeletonRows } from '@/ui/SkeletonRows';
import { TextField } from '@/ui/TextField';

import { type ActionRequest, useGetReportsQuery } from '../api/moderationApi';
import type { ModerationAction, ReportGroup, ReportTargetType } from '../types';
import { ActionDialog } from './ActionDialog';
import { StatusFilter } from './StatusFilter';

/**
 * The actions each kind of target takes in its present state: the owning modules refuse hiding a
 * hidden post, restoring a visible one or lifting a suspension nobody is under, and nothing acts on
 * a deleted or gone target (dismiss is added while reports are open).
 */
const ACTIONS: Record<ReportTargetType, Partial<Record<ReportGroup['target']['state'], ModerationAction[]>>> = {
  post: { visible: ['hide'], hidden: ['restore'] },
  comment: { visible: ['delete'] },
  // Suspending a suspended member again moves the end of the suspension.
  user: { visible: ['warn', 'suspend'], suspended: ['warn', 'suspend', 'unsuspend'] },
  message: {},
};

/** The audit tab on a stream, at a version when given (its last otherwise). */
export function historyHref(streamId: string, version: number | null): string {
  const params = new URLSearchParams({ tab: 'audit', stream: streamId });
  if (version !== null) params.set('at', String(version));
  return `/moderation?${params.toString()}`;
}

function useDate() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

/** "Reported by @a, @b" in the language's own list style, each name isolated so none reorders its neighbours. */
function Reporters({ reporters }: { reporters: ReportGroup['reporters'] }) {
  const { t, i18n } = useTranslation();
  const names = new Map(reporters.map((r) => [r.username, r.name]));
  const parts = listFormat(i18n.language, { style: 'short', type: 'unit' }).formatToParts(
    reporters.map((r) => r.username),
  );
  return (
    <p>
      {t('moderation.reports.reportedBy', { count: reporters.length })}{' '}
      {parts.map((part, i) =>
        part.type === 'element' ? (
          <bdi key={i} dir="ltr" title={names.get(part.value)}>
            @{part.value}
          </bdi>
        ) : (
          part.value
        ),
      )}
    </p>
  );
}

function GroupCard({
  group,
  onAct,
}: {
  group: ReportGroup;
  onAct: (target: Omit<ActionRequest, 'reason' | 'until'> & { label: string }) => void;
}) {
  const { t } = useTranslation();
  const date = useDate();
  const label = group.target.author ? `@${group.target.author.username}` : group.targetId;
  const actions = [
    ...(ACTIONS[group.targetType][group.target.state] ?? []),
    ...(group.status === 'open' ? (['dismiss'] as const) : []),
  ];
  const target = { targetType: group.targetType, targetId: group.targetId };
  // What the latest reporter saw; reports filed before links were kept open the item as it is now.
  const atReport = group.history.latest ?? group.history.first;
  return (
    <li className="card moderation-report" aria-label={`${t(`moderation.target.${group.targetType}`)} ${label}`}>
      <p className="moderation-report__head">
        {/* The handle (or id) isolated: in an Arabic line "@name" would otherwise read "name@". */}
        <strong>{t(`moderation.target.${group.targetType}`)}</strong>{' '}
        <span className="muted" dir="ltr">
          {label}
        </span>{' '}
        <span className="moderation-badge">{t(`moderation.state.${group.target.state}`)}</span>
      </p>
      {group.target.image ? (
        <img
          className="history-thumb"
          src={group.target.image.url}
          // A picture without a caption is still what was reported, not decoration.
          alt={group.target.image.alt || t('moderation.reports.picture')}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      {group.target.text ? (
        <blockquote dir="auto" className="moderation-report__text">
          {group.target.text}
        </blockquote>
      ) : null}
      {group.targetType === 'post' && (group.target.state === 'visible' || group.target.state === 'hidden') ? (
        // The post's page shows moderators a hidden post too (with why); a deleted one is "not found".
        <p>
          <Link to={`/post/${encodeURIComponent(group.targetId)}`}>{t('moderation.reports.openPost')}</Link>
        </p>
      ) : null}
      <p>{t('moderation.reports.count', { count: group.count })}</p>
      {group.reporters.length ? <Reporters reporters={group.reporters} /> : null}
      <ul className="moderation-reasons" aria-label={t('moderation.reports.reasons')}>
        {group.reasons.map((reason) => (
          <li key={reason} dir="auto">
            <ReportReason text={reason} />
          </li>
        ))}
      </ul>
      <p className="muted">
        {t('moderation.reports.when', { first: date(group.firstReportedAt), last: date(group.lastReportedAt) })}
      </p>
      {group.resolution ? (
        <p>
          {t('moderation.reports.resolution', {
            action: t(`moderation.action.${group.resolution.action}`),
            reason: group.resolution.reason,
            date: date(group.resolution.at),
          })}
        </p>
      ) : null}
      <div className="editor__actions">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'dismiss' || action === 'restore' ? 'button button--quiet' : 'button'}
            onClick={() => onAct({ ...target, action, label })}
          >
            {t(`moderation.action.${action}`)}
          </button>
        ))}
        {atReport ? (
          <Link className="button button--quiet" to={historyHref(atReport.streamId, atReport.version)}>
            {t('moderation.reports.historyAtReport')}
          </Link>
        ) : (
          <Link className="button button--quiet" to={historyHref(group.streamId, null)}>
            {t('moderation.reports.history')}
          </Link>
        )}
      </div>
    </li>
  );
}

/** The report queue: open or closed, narrowed to a reason, one card per reported target, with its actions. */
export function ReportsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [reasonText, setReasonText] = useState('');
  const [reason, setReason] = useState('');
  const [cursor, setCursor] = useState<string | null>(null);
  const [acting, setActing] = useState<(Omit<ActionRequest, 'reason' | 'until'> & { label: string }) | null>(null);
  const page = useGetReportsQuery({ status, reason: reason || null, cursor });
  function filter(event: FormEvent) {
    event.preventDefault();
    setReason(reasonText.trim());
    setCursor(null);
  }
  function clear() {
    setReasonText('');
    setReason('');
    setCursor(null);
  }
  return (
    <div>
      <form
        className="form moderation-search"
        role="search"
        aria-label={t('moderation.reports.filter')}
        onSubmit={filter}
      >
        <TextField
          label={t('moderation.reports.reason')}
          value={reasonText}
          onValueChange={setReasonText}
          maxLength={500}
        />
        <button type="submit" className="button">
          {t('moderation.reports.apply')}
        </button>
        {reason ? (
          <button type="button" className="button button--quiet" onClick={clear}>
            {t('moderation.reports.clear')}
          </button>
        ) : null}
      </form>
      <StatusFilter
        legend={t('moderation.reports.status')}
        name="report-status"
        statuses={['open', 'closed'] as const}
        value={status}
        label={(s) => t(`moderation.reports.${s}`)}
        onChange={(s) => {
          setStatus(s);
          setCursor(null);
        }}
      />
      {!page.data ? (
        page.isError ? (
          <p role="alert">{t('moderation.failed')}</p>
        ) : (
          <SkeletonRows count={3} label={t('moderation.loading')} className="line-list" block="line-skeleton" />
        )
      ) : page.data.items.length === 0 ? (
        <p className="learning-empty">
          {reason ? t('moderation.reports.emptyReason', { reason }) : t(`moderation.reports.empty_${status}`)}
        </p>
      ) : (
        <ul className="line-list" aria-label={t('moderation.tabs.reports')}>
          {page.data.items.map((group) => (
            <GroupCard key={`${group.targetType}:${group.targetId}`} group={group} onAct={setActing} />
          ))}
        </ul>
      )}
      {page.data?.nextCursor ? (
        <button type="button" className="button button--quiet" onClick={() => setCursor(page.data!.nextCursor)}>
          {t('moderation.more')}
        </button>
      ) : null}
      {acting ? <ActionDialog target={acting} onClose={() => setActing(null)} /> : null}
    </div>
  );
}
