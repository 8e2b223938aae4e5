import { useNavigate } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { useStartConversationMutation } from '@/features/messages';
import { useTranslation } from '@/i18n/useTranslation';
import { useMemberGate } from '@/resources/session';
import { useToast } from '@/ui/toast';

interface Props {
  userId: string;
  username: string;
}

/**
 * Opens the conversation with this member, the one New Message would open (the server answers the
 * existing one rather than starting another), on the page a message notification leads to.
 */
export function MessageButton({ userId, username }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const [start, { isLoading }] = useStartConversationMutation();
  const asMember = useMemberGate();

  const open = async () => {
    try {
      const conversation = await start(userId).unwrap();
      void navigate(`/messages?conversation=${encodeURIComponent(conversation.id)}`);
    } catch (error) {
      const reason = serverMessage(error);
      toast(reason ? t('profile.toast.messageRefused', { reason }) : t('profile.toast.messageFailed'), 'error');
    }
  };

  return (
    <button
      type="button"
      className="button button--quiet"
      aria-label={t('profile.messageAria', { username })}
      disabled={isLoading}
      // Guests browse; a conversation needs an account.
      onClick={() => asMember(() => void open())}
    >
      {t('profile.message')}
    </button>
  );
}
