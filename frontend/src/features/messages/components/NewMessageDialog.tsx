import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useId, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { Avatar } from '@/ui/Avatar';
import { Dialog } from '@/ui/dialog';
import { VerifiedIcon } from '@/ui/icons';
import { useToast } from '@/ui/toast';

import { useSearchMembersQuery, useStartConversationMutation } from '../api';
import { type ConversationView, USER_SEARCH_MIN } from '../types';

/** Waits until the text has stopped changing for `ms` (no request per keystroke). */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Spec part 2 §2: find a member (from 3 characters) and open the conversation with them. */
export function NewMessageDialog({
  onClose,
  onStarted,
}: {
  onClose: () => void;
  onStarted: (conversation: ConversationView) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const hintId = useId();
  const [text, setText] = useState('');
  const settled = useSettled(text.trim());
  const ready = settled.length >= USER_SEARCH_MIN && text.trim().length >= USER_SEARCH_MIN;
  const { data: members = [], isFetching, isError } = useSearchMembersQuery(ready ? settled : skipToken);
  const [start, starting] = useStartConversationMutation();

  const choose = async (userId: string) => {
    try {
      onStarted(await start(userId).unwrap());
    } catch {
      toast(t('messages.newDialog.startFailed'), 'error');
    }
  };

  let results = null;
  if (!ready) results = null;
  else if (isFetching)
    results = (
      <p role="status" className="muted">
        {t('messages.newDialog.searching')}
      </p>
    );
  else if (isError) results = <p role="alert">{t('messages.newDialog.failed')}</p>;
  else if (members.length === 0) results = <p className="muted">{t('messages.newDialog.none')}</p>;
  else
    results = (
      <ul className="member-hits" aria-label={t('messages.newDialog.results')}>
        {members.map((m) => (
          <li key={m.id}>
            <button
              type="button"
              className="member-hit"
              disabled={starting.isLoading}
              onClick={() => void choose(m.id)}
            >
              <span className="conversation__avatar">
                <Avatar src={m.profileImage} name={m.name} size={40} />
                {m.isOnline ? <span className="online-dot" aria-hidden="true" /> : null}
              </span>
              <span className="member-hit__names">
                <span className="member-hit__name">
                  <bdi>{m.name}</bdi>
                  {m.isVerified ? <VerifiedIcon /> : null}
                </span>
                {m.username ? (
                  <bdi className="muted" dir="ltr">
                    @{m.username}
                  </bdi>
                ) : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <Dialog title={t('messages.newDialog.title')} onClose={onClose} closeLabel={t('messages.newDialog.close')}>
      <div className="new-message">
        <input
          type="search"
          className="messages__input"
          aria-label={t('messages.newDialog.label')}
          aria-describedby={hintId}
          placeholder={t('messages.newDialog.placeholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoFocus
        />
        <p id={hintId} className="muted new-message__hint">
          {text.trim().length < USER_SEARCH_MIN ? t('messages.newDialog.hint') : ''}
        </p>
        {results}
      </div>
    </Dialog>
  );
}
