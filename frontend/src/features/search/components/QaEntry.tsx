import type { AiAnswerView } from '@contract';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';

import { DeleteDialog, useDeletePostMutation, useLikePostMutation } from '@/features/posts';
import { useRelativeTime } from '@/i18n/useRelativeTime';
import { useTranslation } from '@/i18n/useTranslation';
import { useMemberGate, useSession } from '@/resources/session';
import { Avatar } from '@/ui/Avatar';
import { ChatIcon, HeartIcon } from '@/ui/icons';

import { Truncated } from './Truncated';

/**
 * One shared answer in the Q&A Community Feed: who shared it (or Anonymous, linking nowhere), when,
 * the question, the answer cut to 200 characters with Read more, the like toggle (the posts' own
 * optimistic like: a shared answer is a post) and the comment count, which opens the post. Its
 * author (isOwn, from the server, so an anonymous share too) may delete it after the usual confirm.
 */
export function QaEntry({ entry }: { entry: AiAnswerView }) {
  const { t } = useTranslation();
  const relativeTime = useRelativeTime();
  const asMember = useMemberGate();
  const [like] = useLikePostMutation();
  const [remove, { isLoading: deleting }] = useDeletePostMutation();
  const [confirming, setConfirming] = useState(false);
  const { user } = useSession();
  // A signed-out viewer owns nothing, whatever a cached copy of the feed says.
  const own = !!user && entry.isOwn;
  const questionId = useId();
  const author = entry.isAnonymous ? null : entry.user;
  const name = author?.name ?? t('search.qa.anonymous');

  return (
    <article
      className="card qa-entry"
      aria-label={t('search.results.answer', { question: entry.question })}
      aria-describedby={questionId}
    >
      <header className="qa-entry__head">
        <Avatar src={author?.profileImage ?? null} name={author ? name : undefined} size={36} />
        <span className="qa-entry__byline">
          {author ? (
            <Link to={`/profile/${encodeURIComponent(author.username)}`} className="qa-entry__name">
              {name}
            </Link>
          ) : (
            <span className="qa-entry__name">{name}</span>
          )}
          <time className="muted" dateTime={entry.createdAt}>
            {relativeTime(entry.createdAt)}
          </time>
        </span>
      </header>
      <h3 id={questionId} className="qa-entry__question" dir="auto">
        {entry.question}
      </h3>
      <Truncated text={entry.answer} expandable className="qa-entry__answer" />
      <div className="qa-entry__actions">
        <button
          type="button"
          className={`post-actions__button${entry.isLiked ? ' post-actions__button--liked' : ''}`}
          aria-pressed={entry.isLiked}
          aria-label={t('search.qa.like', { count: entry.likes })}
          onClick={() => asMember(() => void like({ id: entry.id, on: !entry.isLiked }))}
        >
          <HeartIcon />
          <span aria-hidden="true">{entry.likes}</span>
        </button>
        <Link to={`/post/${encodeURIComponent(entry.id)}`} className="post-actions__button">
          <ChatIcon />
          <span>{t('search.qa.comments', { count: entry.commentsCount })}</span>
        </Link>
        {own ? (
          <button type="button" className="post-actions__button qa-entry__delete" onClick={() => setConfirming(true)}>
            {t('search.qa.delete')}
          </button>
        ) : null}
      </div>
      {confirming ? (
        <DeleteDialog
          busy={deleting}
          onCancel={() => setConfirming(false)}
          // The delete mutation drops the entry from every cached list and toasts either way.
          onConfirm={() => void remove(entry.id).finally(() => setConfirming(false))}
        />
      ) : null}
    </article>
  );
}
