import '../messages.css';

import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { PlusIcon } from '@/ui/icons';
import { ScreenLoading } from '@/ui/ScreenLoading';

import { useConversations, useGetConversationQuery } from '../api';
import { ChatView } from '../components/ChatView';
import { ConversationList } from '../components/ConversationList';
import { NewMessageDialog } from '../components/NewMessageDialog';
import { useConversationListPushes } from '../hooks/useConversationListPushes';
import { type Outbox, useOutbox } from '../hooks/useOutbox';
import type { ConversationView } from '../types';

/** `?conversation=<id>`: that one conversation on its own page, or 'Conversation not found'. */
function StandaloneChat({ id, viewerId, outbox }: { id: string; viewerId: string; outbox: Outbox }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isLoading, isError, error, refetch } = useGetConversationQuery(id || skipToken);
  if (id && isLoading) return <ScreenLoading />;
  const status = (error as { status?: unknown } | undefined)?.status;
  if (!id || !data) {
    const missing = !id || status === 404 || status === 403 || !isError;
    return (
      <section className="page page--center" aria-labelledby="chat-missing">
        <h1 id="chat-missing">{missing ? t('messages.chat.notFound') : t('messages.chat.error')}</h1>
        <div className="page__actions">
          {missing ? null : (
            <button type="button" className="button button--quiet" onClick={() => void refetch()}>
              {t('errors.tryAgain')}
            </button>
          )}
          <button type="button" className="button" onClick={() => void navigate('/messages')}>
            {t('messages.chat.backToMessages')}
          </button>
        </div>
      </section>
    );
  }
  return (
    <div className="messages messages--standalone">
      <ChatView conversation={data} viewerId={viewerId} outbox={outbox} onBack={() => void navigate('/messages')} />
    </div>
  );
}

/** The list beside (on a wide screen) or instead of (on a phone) the open conversation. */
function Inbox({ viewerId, outbox }: { viewerId: string; outbox: Outbox }) {
  const { t } = useTranslation();
  const { key: visit } = useLocation();
  // A conversation stays open for the visit to /messages it was opened in. Tapping the Messages tab
  // again is a new visit (same address, new location key) that keeps this screen mounted, and must
  // bring back the list, which the open conversation covers on a phone.
  const [opened, setOpened] = useState<{ id: string; visit: string } | null>(null);
  const selectedId = opened?.visit === visit ? opened.id : null;
  const setSelectedId = (id: string | null) => setOpened(id ? { id, visit } : null);
  const [composing, setComposing] = useState(false);
  const { conversations } = useConversations();
  // The list's copy stays current (unread count, presence, mute) as pushes refresh it.
  const [started, setStarted] = useState<ConversationView | null>(null);
  const selected = conversations.find((c) => c.id === selectedId) ?? (started?.id === selectedId ? started : null);

  return (
    <div className={`messages${selected ? ' messages--open' : ''}`}>
      <div className="messages__pane messages__pane--list">
        <div className="messages__head">
          <h1 id="messages-title">{t('screens.messages')}</h1>
          <button type="button" className="button messages__new" onClick={() => setComposing(true)}>
            <PlusIcon />
            {t('messages.newMessage')}
          </button>
        </div>
        <ConversationList viewerId={viewerId} selectedId={selectedId} onOpen={(c) => setSelectedId(c.id)} />
      </div>
      <div className="messages__pane messages__pane--chat">
        {selected ? (
          <ChatView conversation={selected} viewerId={viewerId} outbox={outbox} onBack={() => setSelectedId(null)} />
        ) : (
          <p className="messages__placeholder muted">{t('messages.chat.select')}</p>
        )}
      </div>
      {composing ? (
        <NewMessageDialog
          onClose={() => setComposing(false)}
          onStarted={(conversation) => {
            setStarted(conversation);
            setSelectedId(conversation.id);
            setComposing(false);
          }}
        />
      ) : null}
    </div>
  );
}

/** Spec part 2 §2 Messages (/messages and /chat). */
export default function MessagesScreen() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const [params] = useSearchParams();
  const outbox = useOutbox(user?.id ?? '');
  useConversationListPushes();
  if (isLoading) return <ScreenLoading />;
  if (!user)
    return (
      <section className="page page--center" aria-labelledby="messages-title">
        <h1 id="messages-title">{t('screens.messages')}</h1>
        <p className="muted">{t('messages.signIn')}</p>
        <Link className="button" to="/auth">
          {t('menu.signIn')}
        </Link>
      </section>
    );
  if (params.has('conversation'))
    return <StandaloneChat id={params.get('conversation') ?? ''} viewerId={user.id} outbox={outbox} />;
  return <Inbox viewerId={user.id} outbox={outbox} />;
}
