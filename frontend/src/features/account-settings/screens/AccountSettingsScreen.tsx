import '../account-settings.css';
import '@/ui/form-actions.css';

import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';

import { DeleteAccountDialog, useExportAccount } from '@/features/profile';
import { PushSettingsSection } from '@/features/push';
import { useTranslation } from '@/i18n/useTranslation';
import { type User, useSession } from '@/resources/session';
import { ScreenLoading } from '@/ui/ScreenLoading';
import { useToast } from '@/ui/toast';

import { useResendVerificationMutation } from '../api';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="account-fields__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const ROLES = ['member', 'vendor', 'moderator', 'admin'] as const;

/** A known role in the member's language; anything else as the server names it. */
function roleLabel(role: string, t: TFunction): string {
  return (ROLES as readonly string[]).includes(role)
    ? t(`accountSettings.roles.${role as (typeof ROLES)[number]}`)
    : role;
}

/** The verification state, and Resend while the email is not verified. */
function Verification({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [resend, { isLoading }] = useResendVerificationMutation();
  const send = async () => {
    try {
      await resend().unwrap();
      toast(t('accountSettings.resentBody'), 'success', t('accountSettings.resent'));
    } catch {
      toast(t('accountSettings.resendFailed'), 'error');
    }
  };
  return (
    <>
      <span className="account-verification">
        {user.isEmailVerified ? (
          <span className="account-badge account-badge--ok">{t('accountSettings.verified')}</span>
        ) : (
          <>
            <span className="account-badge account-badge--pending">{t('accountSettings.notVerified')}</span>
            <button
              type="button"
              className="button button--quiet"
              aria-label={t('accountSettings.resendLabel')}
              disabled={isLoading}
              onClick={() => void send()}
            >
              {isLoading ? t('accountSettings.resending') : t('accountSettings.resend')}
            </button>
          </>
        )}
      </span>
      <p className="account-note muted">{t('accountSettings.verifyNote')}</p>
    </>
  );
}

/** Download my data and Delete account, the same actions as the profile owner's menu. */
function YourData({ username }: { username: string }) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const { start, isExporting } = useExportAccount(username);
  return (
    <section className="card" aria-labelledby="account-data">
      <h2 id="account-data">{t('accountSettings.data')}</h2>
      <p className="muted">{t('accountSettings.dataHint')}</p>
      <div className="account-data">
        <button type="button" className="button button--quiet" disabled={isExporting} onClick={() => void start()}>
          {isExporting ? t('profile.export.running') : t('profile.export.action')}
        </button>
        <button type="button" className="button button--danger" onClick={() => setDeleting(true)}>
          {t('profile.deleteAccount.action')}
        </button>
      </div>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}

/** Spec part 2 §2 Account settings. */
export default function AccountSettingsScreen() {
  const { t, i18n } = useTranslation();
  const { user, isLoading } = useSession();
  if (isLoading) return <ScreenLoading />;
  if (!user)
    return (
      <section className="page page--center" aria-labelledby="account-title">
        <h1 id="account-title">{t('screens.accountSettings')}</h1>
        <p>{t('accountSettings.loggedOut')}</p>
        <p className="muted">{t('accountSettings.verifyNote')}</p>
        <Link className="button" to="/auth">
          {t('accountSettings.signIn')}
        </Link>
      </section>
    );
  const provider = (user as { authProvider?: string | null }).authProvider || 'local';
  const providerLabel = provider === 'local' ? t('accountSettings.providers.local') : provider;
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(user.createdAt));
  return (
    <section className="page account-settings" aria-labelledby="account-title">
      <h1 id="account-title">{t('screens.accountSettings')}</h1>
      <section className="card" aria-labelledby="account-details">
        <h2 id="account-details">{t('accountSettings.details')}</h2>
        <dl className="account-fields">
          <Row label={t('accountSettings.name')}>{user.name || user.displayName}</Row>
          <Row label={t('accountSettings.username')}>
            <bdi dir="ltr">@{user.username}</bdi>
          </Row>
          <Row label={t('accountSettings.email')}>
            <bdi dir="ltr">{user.email}</bdi>
          </Row>
          <Row label={t('accountSettings.role')}>{roleLabel(user.role, t)}</Row>
          <Row label={t('accountSettings.verification')}>
            <Verification user={user} />
          </Row>
          <Row label={t('accountSettings.memberSince')}>
            <time dateTime={user.createdAt}>{since}</time>
          </Row>
          <Row label={t('accountSettings.accountType')}>{providerLabel}</Row>
        </dl>
      </section>
      <PushSettingsSection />
      <YourData username={user.username} />
    </section>
  );
}
