import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { PostToPicker, usePostTargets } from '@/features/communities';
import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { Dialog } from '@/ui/dialog';

import type { ShareState } from '../hooks/useShareAnswer';
import { Switch } from './Switch';

/** The guest's version: sharing needs an account, so it says so and offers Sign In. */
function SignInPrompt({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="share-dialog">
      <h3 className="share-dialog__subtitle">{t('search.share.signInTitle')}</h3>
      <p className="muted">{t('search.share.signInBody')}</p>
      <div className="share-dialog__actions">
        <button type="button" className="button button--quiet" onClick={onClose}>
          {t('search.share.cancel')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => navigate('/auth', { state: { from: location.pathname + location.search } })}
        >
          {t('search.share.signIn')}
        </button>
      </div>
    </div>
  );
}

/** Where else the answer goes: one of the member's communities (a private one keeps it to its members). */
function ShareTarget({ state }: { state: ShareState }) {
  const { t } = useTranslation();
  const targets = usePostTargets();
  const chosen = targets.communities.find((c) => c.id === state.communityId);
  return (
    <>
      <PostToPicker
        targets={targets}
        value={state.communityId}
        disabled={state.sharing}
        onChange={state.setCommunityId}
        label={t('search.share.shareTo')}
        everyone={t('search.share.qaOnly')}
      />
      {chosen?.privacy === 'private' ? (
        <p className="field__hint" role="note">
          {t('search.share.privateNote')}
        </p>
      ) : null}
    </>
  );
}

/** §2 'Share to the Q&A Community': Share Publicly, Post Anonymously (only while public), Cancel, Share Answer. */
export function ShareDialog({ state }: { state: ShareState }) {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const bodyId = useId();
  if (!state.open) return null;
  return (
    <Dialog title={t('search.share.title')} onClose={state.closeDialog} describedBy={bodyId}>
      {isLoading ? (
        <p className="share-dialog" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('app.loading')}</span>
        </p>
      ) : !user ? (
        <SignInPrompt onClose={state.closeDialog} />
      ) : (
        <form
          className="share-dialog"
          onSubmit={(event) => {
            event.preventDefault();
            void state.submit();
          }}
        >
          <p id={bodyId} className="muted">
            {t('search.share.body')}
          </p>
          <Switch
            label={t('search.share.public')}
            hint={t('search.share.publicHint')}
            checked={state.isPublic}
            onChange={state.setPublic}
          />
          {state.isPublic ? (
            <Switch
              label={t('search.share.anonymous')}
              hint={t('search.share.anonymousHint')}
              checked={state.anonymous}
              onChange={state.setAnonymous}
            />
          ) : null}
          <ShareTarget state={state} />
          <div className="share-dialog__actions">
            <button type="button" className="button button--quiet" onClick={state.closeDialog}>
              {t('search.share.cancel')}
            </button>
            <button type="submit" className="button" disabled={!state.canShare} aria-busy={state.sharing}>
              {state.sharing ? t('search.share.sharing') : t('search.share.submit')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
