import type { AiAnswerSearchResult, PostSearchResult, SearchResult, UserSearchResult } from '@contract';
import { Link } from 'react-router-dom';

import { useRelativeTime } from '@/i18n/useRelativeTime';
import { useTranslation } from '@/i18n/useTranslation';
import { Avatar } from '@/ui/Avatar';
import { ChatIcon, HeartIcon } from '@/ui/icons';
import { SkeletonRows } from '@/ui/SkeletonRows';

import { MemberRow } from './MemberRow';
import { Truncated } from './Truncated';

function Counts({ likes, comments }: { likes: number; comments: number }) {
  const { t } = useTranslation();
  return (
    <span className="search-row__counts muted">
      <span>
        <ChatIcon />
        {t('search.counts.comments', { count: comments })}
      </span>
      <span>
        <HeartIcon />
        {t('search.counts.likes', { count: likes })}
      </span>
    </span>
  );
}

/** §2 user result: avatar, name, @username, bio; opens the profile; Follow beside it. */
function UserRow({ user }: { user: UserSearchResult }) {
  return (
    <MemberRow member={user}>
      {user.bio ? (
        <span className="search-row__bio" dir="auto">
          {user.bio}
        </span>
      ) : null}
    </MemberRow>
  );
}

/** §2 post result: author avatar, name, @username, relative time, content (200), comments, likes. */
function PostRow({ post }: { post: PostSearchResult }) {
  const relativeTime = useRelativeTime();
  return (
    <Link to={`/post/${encodeURIComponent(post.id)}`} className="search-row search-row--post">
      <Avatar src={post.user.profileImage} name={post.user.name} size={40} />
      <span className="search-row__main">
        <span className="search-row__byline">
          <span className="search-row__name">{post.user.name}</span>
          <span className="muted" dir="ltr">
            @{post.user.username}
          </span>
          <span className="muted" aria-hidden="true">
            ·
          </span>
          <time className="muted" dateTime={post.createdAt}>
            {relativeTime(post.createdAt)}
          </time>
        </span>
        <Truncated text={post.content} className="search-row__content" />
        <Counts likes={post.likes} comments={post.commentsCount} />
      </span>
    </Link>
  );
}

/** A shared AI answer: question, answer (200), who shared it (or Anonymous), counts; opens the post. */
function AnswerRow({ answer }: { answer: AiAnswerSearchResult }) {
  const { t } = useTranslation();
  const relativeTime = useRelativeTime();
  const name = answer.user?.name ?? t('search.qa.anonymous');
  return (
    <Link to={`/post/${encodeURIComponent(answer.id)}`} className="search-row search-row--answer">
      <Avatar src={answer.user?.profileImage ?? null} name={answer.user ? name : undefined} size={40} />
      <span className="search-row__main">
        <span className="search-row__badge">{t('search.ai.card')}</span>
        <span className="search-row__question" dir="auto">
          {answer.question}
        </span>
        <Truncated text={answer.answer} className="search-row__content" />
        <span className="search-row__byline muted">
          <span>{name}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={answer.createdAt}>{relativeTime(answer.createdAt)}</time>
        </span>
        <Counts likes={answer.likes} comments={answer.commentsCount} />
      </span>
    </Link>
  );
}

/** Users, posts and shared answers in the server's order (exact name matches first, then relevance). */
export function ResultList({ results, label }: { results: SearchResult[]; label: string }) {
  const { t } = useTranslation();
  const rowLabel = (result: SearchResult): string =>
    result.type === 'user'
      ? t('search.results.user', { name: result.name, username: result.username })
      : result.type === 'post'
        ? t('search.results.post', { name: result.user.name })
        : t('search.results.answer', { question: result.question });
  return (
    <ul className="search-results__list" aria-label={label}>
      {results.map((result) => (
        <li key={`${result.type}:${result.id}`} aria-label={rowLabel(result)} className="card search-results__item">
          {result.type === 'user' ? (
            <UserRow user={result} />
          ) : result.type === 'post' ? (
            <PostRow post={result} />
          ) : (
            <AnswerRow answer={result} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** Placeholders shaped like result rows, announced once as loading. */
export function ResultSkeletons({ count, label }: { count: number; label: string }) {
  return (
    <SkeletonRows
      count={count}
      label={label}
      className="search-results__list"
      block="search-skeleton"
      rowClassName="card search-skeleton"
    />
  );
}
