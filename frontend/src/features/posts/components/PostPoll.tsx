import { numberFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';
import { type PollView, useVotePollMutation } from '@/resources/posts';
import { useMemberGate } from '@/resources/session';
import { CheckIcon } from '@/ui/icons';

import { pollOptions } from '../poll';

/**
 * A poll: options to vote on until the viewer votes, then the results with their vote marked.
 * `closed`: nobody can vote now (the post is hidden by the moderators).
 */
export function PostPoll({
  postId,
  poll,
  postText = '',
  closed = false,
}: {
  postId: string;
  poll: PollView;
  postText?: string;
  closed?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [vote, { isLoading }] = useVotePollMutation();
  const options = pollOptions(poll);
  const percent = numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const showResults = poll.myVote !== null && poll.myVote !== undefined;

  const asMember = useMemberGate();
  const onVote = (option: number) => asMember(() => void vote({ id: postId, option }));

  return (
    <fieldset className="post-poll" aria-busy={isLoading} disabled={closed}>
      {/* The composer makes the post's text the question: shown once, the legend then only names the poll. */}
      {poll.question && poll.question.trim() !== postText.trim() ? (
        <legend className="post-poll__question" dir="auto">
          {poll.question}
        </legend>
      ) : (
        <legend className="visually-hidden">{poll.question || t('posts.poll.label')}</legend>
      )}
      {showResults ? (
        <ul className="post-poll__results">
          {options.map((o) => {
            const mine = o.index === poll.myVote;
            const share = percent.format(o.share);
            return (
              <li
                key={o.index}
                className={`post-poll__result${mine ? ' post-poll__result--mine' : ''}`}
                aria-label={
                  t('posts.poll.result', { option: o.text, percent: share }) +
                  (mine ? `, ${t('posts.poll.myVote')}` : '')
                }
              >
                <span
                  className="post-poll__bar"
                  style={{ inlineSize: `${Math.round(o.share * 100)}%` }}
                  aria-hidden="true"
                />
                <span className="post-poll__label" dir="auto">
                  {o.text}
                  {mine ? (
                    <span className="post-poll__mine" title={t('posts.poll.myVote')}>
                      <CheckIcon />
                    </span>
                  ) : null}
                </span>
                <span className="post-poll__percent">{share}</span>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className="post-poll__options">
          {options.map((o) => (
            <button
              key={o.index}
              type="button"
              className="post-poll__option"
              disabled={isLoading}
              aria-label={t('posts.poll.vote', { option: o.text })}
              onClick={() => onVote(o.index)}
            >
              <span dir="auto">{o.text}</span>
            </button>
          ))}
        </div>
      )}
      <p className="post-poll__total muted">
        {t('posts.poll.votes', { count: poll.totalVotes ?? options.reduce((s, o) => s + o.votes, 0) })}
      </p>
    </fieldset>
  );
}
