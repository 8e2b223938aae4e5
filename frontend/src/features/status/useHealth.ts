import { useCallback, useEffect, useState } from 'react';

import type { TranslationKey } from '@/i18n';

import { fetchHealth, type Health, HealthCheckError } from './health';

export type HealthState =
  | { phase: 'loading' }
  | { phase: 'ready'; health: Health }
  | { phase: 'error'; message: string; i18n?: { key: TranslationKey; values?: Record<string, string | number> } };

/** Loads the backend's health once on mount, and again each time `retry` is called. */
export function useHealth(load: (signal: AbortSignal) => Promise<Health> = fetchHealth): {
  state: HealthState;
  retry: () => void;
} {
  const [state, setState] = useState<HealthState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ phase: 'loading' });
    load(controller.signal).then(
      (health) => {
        if (!controller.signal.aborted) setState({ phase: 'ready', health });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof HealthCheckError) {
          setState({ phase: 'error', message: error.message, ...(error.i18n ? { i18n: error.i18n } : {}) });
        } else {
          setState({
            phase: 'error',
            message: 'Something went wrong while checking the server.',
            i18n: { key: 'status.errUnknown' },
          });
        }
      },
    );
    return () => controller.abort();
  }, [attempt, load]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
