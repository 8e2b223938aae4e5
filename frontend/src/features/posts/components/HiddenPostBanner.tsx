import { useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import type { Post } from '@/resources/posts';

import { AppealDialog } from './AppealDialog';

type Moderation = NonNullable<Post['moderation']>;

function useDate() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (iso: string) => format.format(new Date(iso));
}

/** Where the appeal stands, as its author (`own`) or a moderator reads it. */
function AppealState({ appeal, own }: { appeal: NonNullable<Moderation['appeal']>; own: boolean }) {
  const { t } = useTranslation();
  const date = useDate();
  if (appeal.status === 'pending')
    return own ? (
      <p>{t('posts.hidden.appealPending', { date: date(appeal.at) })}</p>
    ) : (
      <p>
        {t('posts.hidden.appealPendingStaff', { date: date(appeal.at) })}
        {appeal.text ? (
          <>
            {': '}
            <q dir="auto">{appeal.text}</q>
          </>
        ) : null}
      </p>
    );
  const decision = appeal.decision;
  return decision ? (
    <p>
      {t('posts.hidden.appealRejected', { date: date(decision.at) })}{' '}
      <span dir="auto" className="hidden-post__reason">
        {decision.reason}
      </span>
    </p>
  ) : null;
}

/**
 * What a hidden post's author (and a moderator) reads above it: who hid it, when and why, where its
 * appeal stands, and Appeal while the author may still ask (once per hiding). Nobody else is shown a
 * hidden post at all.
 */
export function HiddenPostBanner({ post, moderation: m }: { post: Post; moderation: Moderation }) {
  const { t } = useTranslation();
  const date = useDate();
  const [appealing, setAppealing] = useState(false);
  const own = post.isOwn;
  return (
    <section className="hidden-post" aria-label={t('posts.hidden.label')}>
      <p>
        <strong>{t(`posts.hidden.by.${m.by}`, { date: date(m.hiddenAt) })}</strong>
      </p>
      <p>
        {t('posts.hidden.reason')}{' '}
        <span dir="auto" className="hidden-post__reason">
          {m.reason}
        </span>
      </p>
      <p className="muted">{t(own ? 'posts.hidden.onlyYou' : 'posts.hidden.staffView')}</p>
      {m.appeal ? <AppealState appeal={m.appeal} own={own} /> : null}
      {own && m.by === 'community' ? <p className="muted">{t('posts.hidden.communityDecides')}</p> : null}
      {m.canAppeal ? (
        <button type="button" className="button" onClick={() => setAppealing(true)}>
          {t('posts.hidden.appeal')}
        </button>
      ) : null}
      {appealing ? <AppealDialog postId={post.id} reason={m.reason} onClose={() => setAppealing(false)} /> : null}
    </section>
  );
}
