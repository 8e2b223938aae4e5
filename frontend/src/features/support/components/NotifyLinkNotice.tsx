import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

import type { TranslationKey } from '@/i18n';

/** Where the notify-me mails' links land: the server sends the browser here with `?notify=<outcome>`. */
const OUTCOMES: Record<string, { kind: 'success' | 'error'; key: TranslationKey }> = {
  confirmed: { kind: 'success', key: 'support.notifyLink.confirmed' },
  unsubscribed: { kind: 'success', key: 'support.notifyLink.unsubscribed' },
  'invalid-link': { kind: 'error', key: 'support.notifyLink.invalid' },
};

/** The banner after following a notify-me confirmation or unsubscribe link. */
export function NotifyLinkNotice() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [dismissed, setDismissed] = useState(false);
  const outcome = OUTCOMES[params.get('notify') ?? ''];
  if (!outcome || dismissed) return null;
  return (
    <div className={`notice notice--${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
      <span>{t(outcome.key)}</span>
      <button type="button" className="link-button" onClick={() => setDismissed(true)}>
        {t('support.notifyLink.dismiss')}
      </button>
    </div>
  );
}
