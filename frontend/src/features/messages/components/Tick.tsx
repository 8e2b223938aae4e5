import { useTranslation } from '@/i18n/useTranslation';

import type { Tick as TickState } from '../ticks';

const MARKS: Record<TickState, string> = { sending: '🕓', failed: '!', sent: '✓', delivered: '✓✓', read: '✓✓' };
const LABELS = {
  sending: 'messages.message.sending',
  failed: 'messages.message.notSent',
  sent: 'messages.message.sent',
  delivered: 'messages.message.delivered',
  read: 'messages.message.read',
} as const;

/** An own message's state: sending, not sent, sent ✓, delivered ✓✓, read ✓✓ (coloured). */
export function Tick({ state }: { state: TickState }) {
  const { t } = useTranslation();
  return (
    <span className={`tick tick--${state}`} role="img" aria-label={t(LABELS[state])} title={t(LABELS[state])}>
      {MARKS[state]}
    </span>
  );
}
