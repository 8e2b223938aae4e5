import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { TranslationKey } from '@/i18n';
import { useTranslation } from '@/i18n/useTranslation';

const ERROR_KEYS: Record<string, TranslationKey> = {
  'invalid-token': 'verification.invalidToken',
  'token-expired': 'verification.tokenExpired',
  'verification-failed': 'verification.failed',
};

/** The message for the verification redirect's query (`verified=success`, `error=...`, `reset=invalid`). */
export function verificationMessage(
  params: URLSearchParams,
): { kind: 'success' | 'error'; key: TranslationKey } | null {
  if (params.get('verified') === 'success') return { kind: 'success', key: 'verification.success' };
  const error = params.get('error');
  if (error !== null) {
    const key = ERROR_KEYS[error] ?? 'verification.unknown';
    console.warn(`Email verification failed: ${error}`);
    return { kind: 'error', key };
  }
  if (params.get('reset') === 'invalid') return { kind: 'error', key: 'verification.resetInvalid' };
  return null;
}

/** Banner after the email-verification or reset redirect. */
export function VerificationNotice() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [dismissed, setDismissed] = useState(false);
  const message = verificationMessage(params);
  if (!message || dismissed) return null;
  return (
    <div className={`notice notice--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
      <span>{t(message.key)}</span>
      <button type="button" className="link-button" onClick={() => setDismissed(true)}>
        {t('verification.dismiss')}
      </button>
    </div>
  );
}
