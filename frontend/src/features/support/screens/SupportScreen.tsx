import '../support.css';

import { useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { useWatchSupport } from '@/resources/realtime';
import { useSession } from '@/resources/session';
import { ScreenLoading } from '@/ui/ScreenLoading';

import {
  useGetAuditorsQuery,
  useGetDonationsStatusQuery,
  useGetLedgerInfiniteQuery,
  useGetOrphansQuery,
} from '../api/supportApi';
import { AdminPanel } from '../components/AdminPanel';
import { AuditorList } from '../components/AuditorList';
import { DonateDialog } from '../components/DonateDialog';
import { HowItWorks } from '../components/HowItWorks';
import { Ledger } from '../components/Ledger';
import { NotifyDialog } from '../components/NotifyDialog';
import { OrphanList } from '../components/OrphanList';
import { TotalCollected } from '../components/TotalCollected';

/**
 * /support — orphan support (spec part 2 §2): the total collected, the orphans, who audits, how it
 * works and the public ledger, with a sticky donate button. Paused, the button asks to be told when
 * donations open; open, it takes a donation.
 */
export default function SupportScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const status = useGetDonationsStatusQuery();
  const orphans = useGetOrphansQuery();
  const auditors = useGetAuditorsQuery();
  const ledger = useGetLedgerInfiniteQuery();
  // A donation paid or an orphan added while the page is open shows here (resources_changed).
  useWatchSupport();
  const [open, setOpen] = useState(false);
  const pages = ledger.data?.pages ?? [];
  const first = pages[0];
  const entries = ledger.data ? pages.flatMap((p) => p.entries) : null;
  const settling = status.isLoading || auditors.isLoading;

  return (
    <section className="page support" aria-labelledby="support-title">
      <header className="support__head">
        <h1 id="support-title">{t('support.title')}</h1>
        <p className="muted">{t('support.subtitle')}</p>
      </header>
      <TotalCollected collected={first?.collected ?? null} total={first?.total ?? null} />
      {/* The rest waits for the donations' status and the auditors (small, fast answers): laid out
          before them, the paused note and the auditors pushed everything down as they arrived
          (a layout shift of 0.52 on a phone, bench:web). */}
      {settling ? (
        <ScreenLoading />
      ) : (
        <>
          {status.data?.paused ? (
            <p className="support-paused" role="note">
              {t('support.pausedNote')}
            </p>
          ) : status.isError ? (
            <p className="support-paused" role="alert">
              {t('support.statusError')}
            </p>
          ) : null}
          {user?.role === 'admin' && status.data ? (
            <AdminPanel status={status.data} orphans={orphans.data ?? []} />
          ) : null}
          <OrphanList orphans={orphans.data ?? []} loading={orphans.isLoading} failed={orphans.isError} />
          <AuditorList auditors={auditors.data ?? []} />
          <HowItWorks />
          <Ledger
            entries={entries}
            orphans={orphans.data ?? []}
            hasMore={ledger.hasNextPage}
            loadingMore={ledger.isFetchingNextPage}
            failed={ledger.isError}
            onMore={() => void ledger.fetchNextPage()}
          />
        </>
      )}
      <div className="support-donate-bar">
        <button type="button" className="button button--block" disabled={!status.data} onClick={() => setOpen(true)}>
          {t('support.donateButton')}
        </button>
      </div>
      {open && status.data ? (
        status.data.paused ? (
          <NotifyDialog signedIn={!!user} onClose={() => setOpen(false)} />
        ) : (
          <DonateDialog
            status={status.data}
            signedIn={!!user}
            orphans={orphans.data ?? []}
            onClose={() => setOpen(false)}
          />
        )
      ) : null}
    </section>
  );
}
