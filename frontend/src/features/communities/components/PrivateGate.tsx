import type { KeyUnder } from '@/i18n';
import { useTranslation } from '@/i18n/useTranslation';
import { LockIcon } from '@/ui/icons';

/** What an outsider of a private community sees where its posts or members would be. */
export function PrivateGate({ textKey }: { textKey: `communities.${KeyUnder<'communities'>}` }) {
  const { t } = useTranslation();
  return (
    <div className="community-state community-state--private" role="note">
      <LockIcon />
      <p>{t(textKey)}</p>
    </div>
  );
}
