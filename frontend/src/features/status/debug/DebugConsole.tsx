import './debug.css';

import { useCallback, useEffect, useRef, useState } from 'react';

import { api } from '@/app/api';
import type { FetchLike } from '@/app/csrf';
import { useAppDispatch } from '@/app/hooks';
import type { TranslationKey } from '@/i18n';
import { useTranslation } from '@/i18n/useTranslation';
import { TextField } from '@/ui/TextField';

import { debugCall, type DiagnosticResult, DIAGNOSTICS, noteRow, testCsrf } from './diagnostic';
import {
  type FlowDeps,
  generateTestCredentials,
  hasAllCredentials,
  runFullAuthFlow,
  type TestCredentials,
} from './fullAuthFlow';
import { type CopyDeps, copyOrShow, productionTestScript } from './productionTest';
import { ResultList } from './ResultList';

type Task = 'diagnostics' | 'csrf' | 'flow' | 'copy';
type Message =
  | { kind: 'flowPassed' }
  | { kind: 'flowFailed'; step: string }
  | { kind: 'copy'; outcome: 'copied' | 'popup' | 'failed' };

const COPY_MESSAGES = {
  copied: 'authDebug.copied',
  popup: 'authDebug.copyPopup',
  failed: 'authDebug.copyFailed',
} as const;

export interface DebugConsoleProps {
  fetchImpl?: FetchLike;
  wait?: FlowDeps['wait'];
  copy?: CopyDeps;
}

/** The auth debug console of spec part 2 §2/§4/§7: environment, checks, full flow, result rows. */
export function DebugConsole({ fetchImpl, wait, copy }: DebugConsoleProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [rows, setRows] = useState<DiagnosticResult[]>([]);
  const [task, setTask] = useState<Task | null>(null);
  const [credentials, setCredentials] = useState<TestCredentials>(() => generateTestCredentials());
  const [message, setMessage] = useState<Message | null>(null);
  const [missingCredentials, setMissingCredentials] = useState(false);
  // Only the latest run may change the page: an unmount (or StrictMode's trial mount) ends a run.
  const latestRun = useRef(0);

  /** Runs one task; `add` and `current` stop taking effect once a newer run started or the page left. */
  const run = useCallback(
    async (next: Task, work: (add: (row: DiagnosticResult) => void, current: () => boolean) => Promise<void>) => {
      const id = ++latestRun.current;
      const current = () => id === latestRun.current;
      setTask(next);
      setMessage(null);
      setMissingCredentials(false);
      try {
        await work((row) => {
          if (current()) setRows((rows) => [row, ...rows]);
        }, current);
      } finally {
        if (current()) setTask(null);
      }
    },
    [],
  );

  const runDiagnostics = useCallback(
    () =>
      run('diagnostics', async (add) => {
        for (const request of DIAGNOSTICS) add(await debugCall(request, fetchImpl));
      }),
    [fetchImpl, run],
  );

  useEffect(() => {
    void runDiagnostics();
    return () => {
      latestRun.current++;
    };
  }, [runDiagnostics]);

  const onTestCsrf = () =>
    run('csrf', async (add) => {
      for (const row of await testCsrf(fetchImpl)) add(row);
    });

  const onFullFlow = () => {
    if (!hasAllCredentials(credentials)) {
      setMissingCredentials(true);
      return;
    }
    void run('flow', async (add, current) => {
      let failedStep: string | undefined;
      const passed = await runFullAuthFlow(
        credentials,
        (row) => {
          if (!row.expected) failedStep = row.step;
          add(row);
        },
        { ...(fetchImpl ? { fetchImpl } : {}), ...(wait ? { wait } : {}) },
      );
      // The flow changed who is signed in: the app's cached user is stale, and the account is used.
      dispatch(api.util.invalidateTags(['Me']));
      if (!current()) return;
      setCredentials(generateTestCredentials());
      setMessage(passed ? { kind: 'flowPassed' } : { kind: 'flowFailed', step: failedStep ?? 'csrf' });
    });
  };

  const onCopy = () =>
    run('copy', async (add, current) => {
      const script = productionTestScript(window.location.origin);
      const outcome = await copyOrShow(script, t('authDebug.productionTestTitle'), copy);
      add(
        noteRow(
          t('authDebug.copyProductionTest'),
          t(COPY_MESSAGES[outcome]),
          outcome === 'failed' ? t(COPY_MESSAGES.failed) : undefined,
        ),
      );
      if (current()) setMessage({ kind: 'copy', outcome });
    });

  const setField = (field: keyof TestCredentials) => (value: string) =>
    setCredentials((current) => ({ ...current, [field]: value }));
  const busy = task !== null;
  const cookies = typeof document === 'undefined' ? '' : document.cookie;

  return (
    <section className="debug-console" aria-labelledby="debug-console-title" aria-busy={busy}>
      <h2 id="debug-console-title" className="debug-console__title">
        {t('authDebug.title')}
      </h2>
      <dl className="debug-env">
        <div>
          <dt>{t('authDebug.origin')}</dt>
          <dd>
            <code dir="ltr">{window.location.origin}</code>
          </dd>
        </div>
        <div>
          <dt>{t('authDebug.cookies')}</dt>
          <dd>
            <code dir="ltr">{cookies || t('authDebug.noCookies')}</code>
          </dd>
        </div>
        <div>
          <dt>{t('authDebug.userAgent')}</dt>
          <dd>
            <code dir="ltr">{navigator.userAgent}</code>
          </dd>
        </div>
      </dl>
      <div className="debug-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void runDiagnostics()}>
          {task === 'diagnostics' ? t('authDebug.running') : t('authDebug.runDiagnostics')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void onTestCsrf()}>
          {t('authDebug.testCsrf')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onFullFlow}>
          {t('authDebug.testFullFlow')}
        </button>
        <button type="button" className="button button--quiet" disabled={busy} onClick={() => void onCopy()}>
          {t('authDebug.copyProductionTest')}
        </button>
      </div>
      <fieldset className="debug-credentials" disabled={busy}>
        <legend>{t('authDebug.credentials')}</legend>
        <p className="muted">{t('authDebug.credentialsHint')}</p>
        <TextField label={t('authDebug.email')} value={credentials.email} onValueChange={setField('email')} dir="ltr" />
        <TextField
          label={t('authDebug.username')}
          value={credentials.username}
          onValueChange={setField('username')}
          dir="ltr"
        />
        <TextField
          label={t('authDebug.password')}
          value={credentials.password}
          onValueChange={setField('password')}
          dir="ltr"
        />
        <button
          type="button"
          className="button button--quiet"
          onClick={() => setCredentials(generateTestCredentials())}
        >
          {t('authDebug.newCredentials')}
        </button>
      </fieldset>
      {missingCredentials && (
        <p role="alert" className="debug-alert">
          {t('authDebug.missingCredentials')}
        </p>
      )}
      <p role="status" className="debug-message">
        {message?.kind === 'flowPassed' && t('authDebug.flowPassed')}
        {message?.kind === 'flowFailed' &&
          t('authDebug.flowFailed', { step: t(`authDebug.steps.${message.step}` as TranslationKey) })}
        {message?.kind === 'copy' && t(COPY_MESSAGES[message.outcome])}
      </p>
      <h3 className="debug-console__subtitle">{t('authDebug.results')}</h3>
      <ResultList rows={rows} />
    </section>
  );
}
