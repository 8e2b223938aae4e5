import { useCallback, useEffect, useState } from 'react';
import { fetchHealth, HealthCheckError, type Health } from './health';

export type HealthState =
  | { phase: 'loading' }
  | { phase: 'ready'; health: Health }
  | { phase: 'error'; message: string };

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
        const message =
          error instanceof HealthCheckError ? error.message : 'Something went wrong while checking the server.';
        setState({ phase: 'error', message });
      },
    );
    return () => controller.abort();
  }, [attempt, load]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
