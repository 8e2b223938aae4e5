import '../support.css';

import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';

import { isRecord, serverMessage } from '@/app/baseQuery';
import type { TranslationKey } from '@/i18n';
import { useTranslation } from '@/i18n/useTranslation';

import { useConfirmNotifyMutation, useUnsubscribeNotifyMutation } from '../api/supportApi';

/** The two pages the notify-me mails link to: /support/notify/confirm and /support/notify/unsubscribe. */
const ACTIONS = {
  confirm: {
    title: 'support.notifyLink.confirmTitle',
    body: 'support.notifyLink.confirmBody',
    button: 'support.notifyLink.confirmButton',
    busy: 'support.notifyLink.confirming',
    done: 'support.notifyLink.confirmed',
  },
  unsubscribe: {
    title: 'support.notifyLink.unsubscribeTitle',
    body: 'support.notifyLink.unsubscribeBody',
    button: 'support.notifyLink.unsubscribeButton',
    busy: 'support.notifyLink.unsubscribing',
    done: 'support.notifyLink.unsubscribed',
  },
} as const satisfies Record<string, Record<string, TranslationKey>>;

type Action = keyof typeof ACTIONS;
const isAction = (value: string | undefined): value is Action => value === 'confirm' || value === 'unsubscribe';

/** The server's answer to a token that is not one of ours (400) or names no link it sent (404). */
const isInvalidLink = (error: unknown) => isRecord(error) && isRecord(error.data) && error.data.code === 'LINK_INVALID';

/**
 * Where a notify-me mail's link lands. Opening it changes nothing: mail link scanners open every
 * link in a mail, so only the button (a POST, with the CSRF token the app fetches for guests too)
 * confirms the address or takes it off the list. Outside the signed-in pages: the reader of the
 * mail is often a guest.
 */
export default function NotifyLinkScreen() {
  const { t } = useTranslation();
  const { action } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [confirm, confirming] = useConfirmNotifyMutation();
  const [unsubscribe, unsubscribing] = useUnsubscribeNotifyMutation();
  const [view, setView] = useState<'ask' | 'done' | 'invalid'>(token ? 'ask' : 'invalid');
  const [failure, setFailure] = useState<string | null>(null);

  if (!isAction(action)) return <Navigate to="/support" replace />;
  const text = ACTIONS[action];
  const busy = (action === 'confirm' ? confirming : unsubscribing).isLoading;

  async function act() {
    if (!token) return;
    setFailure(null);
    try {
      await (action === 'confirm' ? confirm(token) : unsubscribe(token)).unwrap();
      setView('done');
    } catch (error) {
      if (isInvalidLink(error)) setView('invalid');
      else setFailure(serverMessage(error) ?? t('support.notifyLink.failed'));
    }
  }

  return (
    <div className="notify-link">
      <main className="card notify-link__card" aria-labelledby="notify-link-title">
        <h1 id="notify-link-title">{t(text.title)}</h1>
        {view === 'done' ? (
          <p role="status">{t(text.done)}</p>
        ) : view === 'invalid' ? (
          <p role="alert">{t('support.notifyLink.invalid')}</p>
        ) : (
          <>
            <p>{t(text.body)}</p>
            {failure ? (
              <p className="form__error" role="alert">
                {failure}
              </p>
            ) : null}
            <button type="button" className="button button--block" disabled={busy} onClick={() => void act()}>
              {busy ? t(text.busy) : t(text.button)}
            </button>
          </>
        )}
        <Link className="link-button" to="/support">
          {t('support.notifyLink.toSupport')}
        </Link>
      </main>
    </div>
  );
}
