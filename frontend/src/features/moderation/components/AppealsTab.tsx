import { useState } from 'react';
import { Link } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';
import { SkeletonRows } from '@/ui/SkeletonRows';

import { type ActionRequest, useGetAppealsQuery } from '../api/moderationApi';
import type { AppealStatusFilter, PostAppealEntry } from '../types';
import { ActionDialog } from './ActionDialog';
import { historyHref } from './ReportsTab';
import { StatusFilter } from './StatusFilter';

type Acting = Omit<ActionRequest, 'reason' | 'until'> & { label: string };

function useDate() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

/** A line that says when, then the words someone wrote (isolated, so either script reads in its own direction). */
function Said({ lead, words }: { lead: string; words: string }) {
  return (
    <p>
      {lead}{' '}
      <span dir="auto" className="moderation-appeal__words">
        {words}
      </span>
    </p>
  );
}

/** What became of a decided appeal. */
function Outcome({ appeal }: { appeal: PostAppealEntry }) {
  const { t } = useTranslation();
  const date = useDate();
  if (appeal.status === 'withdrawn') return <p className="muted">{t('moderation.appeals.withdrawn')}</p>;
  if (!appeal.decision || appeal.status === 'pending') return null;
  return (
    <Said
      lead={t(`moderation.appeals.${appeal.status}`, { date: date(appeal.decision.at) })}
      words={appeal.decision.reason}
    />
  );
}

function AppealCard({ appeal, onAct }: { appeal: PostAppealEntry; onAct: (acting: Acting) => void }) {
  const { t } = useTranslation();
  const date = useDate();
  const author = appeal.author ? `@${appeal.author.username}` : t('moderation.appeals.deletedAuthor');
  const target = { targetType: 'post' as const, targetId: appeal.postId, label: author };
  const post = appeal.post;
  // The post's page shows a hidden post to moderators too, with why it is hidden.
  const opens = post.state === 'hidden' || post.state === 'visible';
  return (
    <li className="card moderation-report" aria-label={t('moderation.appeals.card', { author })}>
      <p className="moderation-report__head">
        <strong>{t('moderation.target.post')}</strong> <bdi className="muted">{author}</bdi>{' '}
        <span className="moderation-badge">{t(`moderation.state.${post.state}`)}</span>
      </p>
      {post.image ? (
        <img
          className="history-thumb"
          src={post.image.url}
          alt={post.image.alt || t('moderation.appeals.picture')}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      {post.text ? (
        <blockquote dir="auto" className="moderation-report__text">
          {post.text}
        </blockquote>
      ) : null}
      {opens ? (
        <p>
          <Link to={`/post/${encodeURIComponent(appeal.postId)}`}>{t('moderation.reports.openPost')}</Link>
        </p>
      ) : null}
      <Said lead={t('moderation.appeals.hidden', { date: date(appeal.hiding.at) })} words={appeal.hiding.reason} />
      <Said
        lead={t('moderation.appeals.appealed', { date: date(appeal.appealedAt) })}
        words={appeal.text || t('moderation.appeals.noWords')}
      />
      <Outcome appeal={appeal} />
      <div className="editor__actions">
        {appeal.status === 'pending' ? (
          <>
            <button type="button" className="button" onClick={() => onAct({ ...target, action: 'restore' })}>
              {t('moderation.action.restore')}
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => onAct({ ...target, action: 'reject_appeal' })}
            >
              {t('moderation.action.reject_appeal')}
            </button>
          </>
        ) : null}
        <Link className="button button--quiet" to={historyHref(appeal.streamId, null)}>
          {t('moderation.reports.history')}
        </Link>
      </div>
    </li>
  );
}

/**
 * Post authors' appeals of a hiding: waiting ones oldest first, with the post, why it was hidden and
 * the author's words; Restore grants one (the post shows again), Keep hidden refuses it with a reason
 * the author reads. Decided ones, the latest first, with what became of them.
 */
export function AppealsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AppealStatusFilter>('pending');
  const [cursor, setCursor] = useState<string | null>(null);
  const [acting, setActing] = useState<Acting | null>(null);
  const page = useGetAppealsQuery({ status, cursor });
  return (
    <div>
      <StatusFilter
        legend={t('moderation.appeals.status')}
        name="appeal-status"
        statuses={['pending', 'decided'] as const}
        value={status}
        label={(s) => t(`moderation.appeals.${s}`)}
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
        <p className="learning-empty">{t(`moderation.appeals.empty_${status}`)}</p>
      ) : (
        <ul className="line-list" aria-label={t('moderation.tabs.appeals')}>
          {page.data.items.map((appeal) => (
            <AppealCard key={appeal.postId} appeal={appeal} onAct={setActing} />
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
