import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { useGetCommunityBansQuery, useLiftBanMutation } from '../api/membersApi';

/** Moderators: who is banned and why, each with Lift ban. Shown only when there is someone. */
export function BansSection({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const bans = useGetCommunityBansQuery(slug);
  const [lift, liftState] = useLiftBanMutation();
  const list = bans.data ?? [];
  if (list.length === 0) return null;

  return (
    <section className="community-bans" aria-labelledby="community-bans-title">
      <h3 id="community-bans-title">{t('communities.members.bans')}</h3>
      <ul className="community-members__list">
        {list.map((ban) => {
          const name = ban.user.displayName || ban.user.username;
          return (
            <li key={ban.user.id} className="community-member">
              <div className="community-member__who">
                <span className="community-member__name" dir="auto">
                  {name}
                </span>
                <span className="muted" dir="auto">
                  {t('communities.members.banReason', { reason: ban.reason })}
                </span>
              </div>
              <button
                type="button"
                className="button button--quiet button--small"
                disabled={liftState.isLoading}
                aria-label={t('communities.members.liftBanFor', { name })}
                onClick={() =>
                  void lift({ slug, userId: ban.user.id }).then((result) =>
                    'error' in result
                      ? toast(serverMessage(result.error) ?? t('communities.failed'), 'error')
                      : toast(t('communities.members.banLifted', { name }), 'success'),
                  )
                }
              >
                {t('communities.members.liftBan')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
