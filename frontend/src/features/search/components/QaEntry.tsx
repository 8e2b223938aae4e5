import type { AiAnswerView } from '@contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useLikePostMutation } from '@/features/posts';
import { useRelativeTime } from '@/i18n/useRelativeTime';
import { useMemberGate } from '@/resources/session';
import { Avatar } from '@/ui/Avatar';
import { ChatIcon, HeartIcon } from '@/ui/icons';

import { Truncated } from './Truncated';

/**
 * One shared answer in the Q&A Community Feed: who shared it (or Anonymous, linking nowhere), when,
 * the question, the answer cut to 200 characters with Read more, the like toggle (the posts' own
 * optimistic like: a shared answer is a post) and the comment count, which opens the post.
 */
export function QaEntry({ entry }: { entry: AiAnswerView }) {
  const { t } = useTranslation();
  const relativeTime = useRelativeTime();
  const asMember = useMemberGate();
  const [like] = useLikePostMutation();
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
      </div>
    </article>
  );
}
