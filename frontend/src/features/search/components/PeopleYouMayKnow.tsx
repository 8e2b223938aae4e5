import type { SuggestedMemberView } from '@contract';

import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';

import { useGetSuggestionsQuery } from '../api';
import { suggestionReason } from '../suggestionReason';
import { MemberRow } from './MemberRow';
import { ResultSkeletons } from './ResultRows';

function Suggestion({ member }: { member: SuggestedMemberView }) {
  const { t } = useTranslation();
  return (
    <MemberRow
      member={{
        id: member.id,
        name: member.displayName,
        username: member.username,
        avatar: member.avatarUrl,
        isFollowing: member.isFollowing,
        isFollowingBack: member.isFollowingBack,
      }}
    >
      <span className="people-suggestions__reason muted">{suggestionReason(t, member.reason)}</span>
    </MemberRow>
  );
}

/**
 * People you may know, on the search screen before anything is typed (members only: a guest has no
 * one they follow): followed by the people I follow, else popular near me or everywhere, each with
 * why and a Follow button that follows in place.
 */
export function PeopleYouMayKnow() {
  const { t } = useTranslation();
  const { user } = useSession();
  const query = useGetSuggestionsQuery(undefined, { skip: !user });
  if (!user) return null;
  const titleId = 'people-you-may-know-title';
  let body;
  if (query.isLoading) body = <ResultSkeletons count={3} label={t('search.suggestions.loading')} />;
  else if (query.isError)
    body = (
      <p className="muted" role="alert">
        {t('search.suggestions.failed')}{' '}
        <button type="button" className="link-button" onClick={() => void query.refetch()}>
          {t('search.tryAgain')}
        </button>
      </p>
    );
  else if (!query.data?.users.length) body = <p className="muted">{t('search.suggestions.none')}</p>;
  else
    body = (
      <ul className="search-results__list" aria-labelledby={titleId}>
        {query.data.users.map((member) => (
          <li key={member.id} className="card search-results__item">
            <Suggestion member={member} />
          </li>
        ))}
      </ul>
    );
  return (
    <section className="people-suggestions" aria-labelledby={titleId}>
      <h2 id={titleId} className="search__section-title">
        {t('search.suggestions.title')}
      </h2>
      {body}
    </section>
  );
}
