import '../auth.css';

import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';

import { useAppDispatch } from '@/app/hooks';
import { guestModeEntered } from '@/app/sessionSlice';
import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { LanguageMenu } from '@/ui/LanguageMenu';
import { TabList } from '@/ui/TabList';

import { ForgotPasswordForm } from '../components/ForgotPasswordForm';
import { LoginForm } from '../components/LoginForm';
import { SignupForm } from '../components/SignupForm';
import { VerificationNotice } from '../components/VerificationNotice';
import { VerseBanner } from '../components/VerseBanner';

/** §9: navigation after login happens after about 0.5 s. */
export const LOGIN_REDIRECT_MS = 500;

type View = 'signin' | 'signup' | 'forgot' | 'welcome' | 'signedIn';
const AUTH_TABS = ['signin', 'signup'] as const;
type AuthTab = (typeof AUTH_TABS)[number];

export default function AuthScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { user, isLoading } = useSession();
  const [view, setView] = useState<View>('signin');
  const [username, setUsername] = useState('');
  // Once the visitor acts on this screen, its own flow decides where to go next.
  const [acted, setActed] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  if (!acted && !isLoading && user) return <Navigate to="/" replace />;

  const tab: AuthTab = view === 'signup' ? 'signup' : 'signin';
  const selectTab = (next: AuthTab) => setView(next);

  return (
    <div className="auth">
      <div className="auth__top">
        <LanguageMenu />
      </div>
      <header className="auth__brand">
        <span className="brand__mark" aria-hidden="true" />
        <h1 className="auth__title">{t('app.brand')}</h1>
        <p className="muted">{t('app.tagline')}</p>
      </header>
      <VerseBanner />
      <VerificationNotice />
      <main className="auth__card card">
        {view === 'welcome' ? (
          <section className="auth__welcome" aria-labelledby="welcome-title">
            <h2 id="welcome-title">{t('auth.welcomeTitle')}</h2>
            <p>{t('auth.welcomeBody')}</p>
            <button type="button" className="button button--block" onClick={() => setView('signin')}>
              {t('auth.continueToSignIn')}
            </button>
          </section>
        ) : view === 'signedIn' ? (
          <p role="status">{t('auth.signedIn')}</p>
        ) : view === 'forgot' ? (
          <ForgotPasswordForm onBack={() => setView('signin')} />
        ) : (
          <>
            <TabList
              tabs={AUTH_TABS}
              selected={tab}
              onSelect={selectTab}
              aria-label={t('auth.tabs')}
              tabId={(id) => `auth-tab-${id}`}
              panelId={(id) => `auth-panel-${id}`}
              label={(id) => (id === 'signin' ? t('auth.signInTab') : t('auth.signUpTab'))}
              className="tabs"
              tabClassName="tabs__tab"
            />
            <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
              {tab === 'signin' ? (
                <LoginForm
                  key={username}
                  initialUsername={username}
                  onForgotPassword={() => setView('forgot')}
                  onSuccess={() => {
                    setActed(true);
                    setView('signedIn');
                    timer.current = window.setTimeout(() => navigate('/home', { replace: true }), LOGIN_REDIRECT_MS);
                  }}
                />
              ) : (
                <SignupForm
                  onSuccess={(name) => {
                    setActed(true);
                    setUsername(name);
                    setView('welcome');
                  }}
                />
              )}
            </div>
          </>
        )}
      </main>
      <button
        type="button"
        className="link-button auth__guest"
        onClick={() => {
          dispatch(guestModeEntered());
          void navigate('/home');
        }}
      >
        {t('auth.browseAsGuest')}
      </button>
    </div>
  );
}
