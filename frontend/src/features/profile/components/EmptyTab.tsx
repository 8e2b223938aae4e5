import { useTranslation } from '@/i18n/useTranslation';

import type { ProfileTab } from '../types';
import { TabMessage } from './TabMessage';

/** What an empty tab says, in the owner's words or about someone else. */
export function EmptyTab({ tab, username, isOwner }: { tab: ProfileTab; username: string; isOwner: boolean }) {
  const { t } = useTranslation();
  const who = isOwner ? 'own' : 'other';
  return (
    <TabMessage
      title={t(`profile.empty.${tab}.${who}Title`, { username })}
      body={t(`profile.empty.${tab}.${who}Body`, { username })}
    />
  );
}
