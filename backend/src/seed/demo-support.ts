import type { INestApplication } from '@nestjs/common';

import { RegistryService } from '../../modules/support';

const SEED_META = { actor: 'seed', requestId: 'seed' };

/** KES cents. */
const kes = (shillings: number) => shillings * 100;

/**
 * Demo orphans of the support page (spec part 2 §2: ORP-KE- ids, Kenyan places, KES goals). Every
 * story says "(demo)": these are not real children. Donations stay paused, as the spec starts.
 */
export const DEMO_ORPHANS = [
  {
    uniqueId: '0001',
    location: 'Kibera, Nairobi',
    status: 'Active',
    goal: kes(60_000),
    story: '(demo) Amina, 9, lives with her grandmother; the goal covers school fees, uniforms and a year of meals.',
  },
  {
    uniqueId: '0002',
    location: 'Old Town, Mombasa',
    status: 'Active',
    goal: kes(45_000),
    story: "(demo) Hassan, 12, memorises Qur'an at the madrasa after school; the goal covers fees and books.",
  },
  {
    uniqueId: '0003',
    location: 'Garissa',
    status: 'Sponsored',
    goal: kes(80_000),
    story: '(demo) Fatuma, 7, and her two brothers; a sponsor covers this year, the goal is for next year.',
  },
  {
    uniqueId: '0004',
    location: 'Lamu Island',
    status: 'Active',
    goal: kes(35_000),
    story: '(demo) Yusuf, 14, wants to train as a fundi; the goal covers a technical school term and tools.',
  },
  {
    uniqueId: '0005',
    location: 'Kisumu',
    status: 'Graduated',
    goal: kes(25_000),
    story: '(demo) Mariam, 18, finished secondary school this year; the last goal paid her exam fees.',
  },
] as const;

export const DEMO_AUDITORS = [
  {
    name: 'Amani Audit Partners (demo)',
    logo: null,
    lastAuditDate: '2026-06-30',
    isoCertified: true,
    governmentApproved: true,
  },
  {
    name: 'Pwani Charity Accounts Review (demo)',
    logo: null,
    lastAuditDate: '2026-03-31',
    isoCertified: false,
    governmentApproved: true,
  },
] as const;

/** Registers the demo orphans and auditors through the admin commands (the seed acting as operator). */
export async function seedSupport(app: INestApplication) {
  const registry = app.get(RegistryService);
  for (const orphan of DEMO_ORPHANS) await registry.registerOrphan('seed', { ...orphan }, SEED_META);
  for (const auditor of DEMO_AUDITORS) await registry.addAuditor('seed', { ...auditor }, SEED_META);
  return { orphans: DEMO_ORPHANS.length, auditors: DEMO_AUDITORS.length };
}
