import { type FormEvent, useState } from 'react';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { TextField } from '@/ui/TextField';
import { useToast } from '@/ui/toast';

import { useInviteMemberMutation } from '../api/membersApi';

/** Moderators invite a member by username: they may then join without a request. */
export function InviteForm({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [invite, state] = useInviteMemberMutation();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim().replace(/^@/, '');
    if (!name) return setError(t('communities.invite.required'));
    const result = await invite({ slug, username: name });
    if ('error' in result) return setError(serverMessage(result.error) ?? t('communities.failed'));
    setUsername('');
    toast(t('communities.invite.sent', { username: name }), 'success');
  };

  return (
    <form
      className="community-invite"
      aria-labelledby="community-invite-title"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id="community-invite-title">{t('communities.invite.title')}</h2>
      <TextField
        label={t('communities.invite.username')}
        value={username}
        dir="ltr"
        autoCapitalize="none"
        spellCheck={false}
        error={error}
        onValueChange={(value) => {
          setUsername(value);
          setError(undefined);
        }}
      />
      <button type="submit" className="button" disabled={state.isLoading}>
        {t('communities.invite.submit')}
      </button>
    </form>
  );
}
