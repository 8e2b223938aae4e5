// The checkout's payments config: donations take payment through the same port.
import { SANDBOX_CONFIG } from '@/features/learning/testing/fixtures';
import { type Call, installFetch } from '@/testing/installFetch';
import { type FakeRoute, MEMBER } from '@/testing/render';

import type { Auditor, DonationsStatus, DonationView, LedgerEntry, LedgerPage, Orphan } from '../types';

export const ORPHANS: Orphan[] = [
  { id: 'o1', uniqueId: '0042', location: 'Mombasa', status: 'Active', raised: '12500', goal: '60000' },
  { id: 'o2', uniqueId: '0107', location: 'Garissa', status: 'Sponsored', raised: '60000', goal: '60000' },
];

export const AUDITORS: Auditor[] = [
  {
    id: 'a1',
    name: 'Amana Audit Partners',
    logo: null,
    lastAuditDate: '2026-03-31',
    isoCertified: true,
    governmentApproved: false,
  },
  {
    id: 'a2',
    name: 'Kenya Charities Board',
    logo: '/logos/kcb.png',
    lastAuditDate: '2026-01-15',
    isoCertified: false,
    governmentApproved: true,
  },
];

export const PAUSED: DonationsStatus = { paused: true, maxAmount: '1000000' };
export const OPEN: DonationsStatus = { paused: false, maxAmount: '100000' };

export function entry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: 'l1',
    amount: '1000',
    currency: 'KES',
    time: '2026-04-01T09:30:00.000Z',
    orphanId: 'o1',
    donor: 'Yusuf Ali',
    kind: 'donation',
    ...overrides,
  };
}

export function ledgerPage(overrides: Partial<LedgerPage> = {}): LedgerPage {
  return { total: '72500', collected: '75000', entries: [entry()], nextCursor: null, ...overrides };
}

export function donation(overrides: Partial<DonationView> = {}): DonationView {
  return {
    id: 'd1',
    amount: '1000',
    currency: 'KES',
    status: 'pending',
    method: 'card',
    orphanId: null,
    isAnonymous: false,
    createdAt: '2026-04-01T09:30:00.000Z',
    paidAt: null,
    failureReason: null,
    ...overrides,
  };
}

/**
 * The support routes of the server, as plain data: each test changes what it needs through `extra`
 * (answered first). Returns the recorded calls.
 */
export function serveSupport(
  {
    status = PAUSED,
    ledger = [ledgerPage()],
    user = MEMBER,
  }: { status?: DonationsStatus; ledger?: LedgerPage[]; user?: object | null } = {},
  extra: (call: Call) => FakeRoute | Promise<FakeRoute> | undefined = () => undefined,
): Call[] {
  return installFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === '/api/donations/status') return { body: status };
    if (call.path === '/api/orphans') return { body: ORPHANS };
    if (call.path === '/api/auditors') return { body: AUDITORS };
    if (call.path === '/api/payments/config') return { body: SANDBOX_CONFIG };
    if (call.path === '/api/donations/ledger') {
      const cursor = new URL(call.url, 'http://x').searchParams.get('cursor');
      const index = cursor ? Number(cursor) : 0;
      return { body: ledger[Math.min(index, ledger.length - 1)] };
    }
    return undefined;
  }, user);
}
