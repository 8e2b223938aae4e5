import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import {
  useGetProjectionsQuery,
  useLazyVerifyProjectionsQuery,
  useRebuildProjectionMutation,
} from '../api/moderationApi';

/** Each projector's version, generation, checkpoint, lag and health; admins rebuild; anyone here verifies. */
export function ProjectionsTab({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const first = useGetProjectionsQuery();
  const running = first.data?.some((p) => p.rebuild?.state === 'running') ?? false;
  // While a rebuild runs its progress is asked for every second.
  const rows = useGetProjectionsQuery(undefined, { pollingInterval: running ? 1000 : 0 });
  const [rebuild] = useRebuildProjectionMutation();
  const [verify, drift] = useLazyVerifyProjectionsQuery();
  if (rows.isError) return <p role="alert">{t('moderation.failed')}</p>;
  if (!rows.data) return <p>{t('moderation.loading')}</p>;
  return (
    <div>
      <table className="moderation-table" aria-label={t('moderation.projections.title')}>
        <thead>
          <tr>
            {(['name', 'version', 'generation', 'checkpoint', 'lag', 'status', 'rebuild'] as const).map((c) => (
              <th key={c} scope="col">
                {t(`moderation.projections.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.data.map((p) => (
            <tr key={p.name}>
              <th scope="row" dir="ltr">
                {p.name}
              </th>
              <td>
                {p.version ?? '–'}
                {p.version !== p.codeVersion ? ` (${p.codeVersion})` : ''}
              </td>
              <td>{p.generation ?? '–'}</td>
              <td dir="ltr">{p.checkpoint || '–'}</td>
              <td>{p.lagCapped ? `>${p.lag}` : p.lag}</td>
              <td>{t(`moderation.projections.health.${p.status}`)}</td>
              <td>
                {p.rebuild ? (
                  <p aria-live="polite">
                    {t(`moderation.projections.progress.${p.rebuild.state}`, {
                      events: p.rebuild.events,
                      // Counted: what is replayed while running, what was once done.
                      count: p.rebuild.state === 'done' ? p.rebuild.events : p.rebuild.total,
                    })}
                    {p.rebuild.state === 'running' ? (
                      <progress max={Math.max(p.rebuild.total, 1)} value={p.rebuild.events} />
                    ) : null}
                  </p>
                ) : null}
                {isAdmin ? (
                  <button
                    type="button"
                    className="button button--quiet"
                    disabled={p.rebuild?.state === 'running'}
                    aria-label={`${t('moderation.projections.rebuildButton')}: ${p.name}`}
                    onClick={async () => {
                      const result = await rebuild(p.name);
                      if ('error' in result)
                        toast(serverMessage(result.error) ?? t('moderation.failed'), 'error', t('moderation.failed'));
                    }}
                  >
                    {t('moderation.projections.rebuildButton')}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button" onClick={() => void verify()}>
        {t('moderation.projections.verify')}
      </button>
      {drift.data ? (
        <div role="status">
          <p>
            {drift.data.ok
              ? t('moderation.projections.noDrift', { count: drift.data.posts })
              : t('moderation.projections.drift', { count: drift.data.drift.length, posts: drift.data.posts })}
          </p>
          <p dir="ltr">{drift.data.ledger.summary}</p>
          <p dir="ltr">{drift.data.communities.summary}</p>
          {drift.data.drift.length + drift.data.ledger.drift.length + drift.data.communities.drift.length ? (
            <ul>
              {[...drift.data.drift, ...drift.data.ledger.drift, ...drift.data.communities.drift].map((line) => (
                <li key={line} dir="ltr">
                  {line}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
