import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { OrphanEvent, OrphanFields } from '../events';
import { auditorRegistryDecider } from './auditor-registry.decider';
import { donationSettingsDecider } from './donation-settings.decider';
import { orphanRegistryDecider } from './orphan-registry.decider';

const T = '2026-11-25T10:00:00.000Z';
const fields: OrphanFields = { uniqueId: '0042', location: 'Kibera', status: 'Active', goal: 50_000_00, story: 's' };
const registered = (orphanId: string, uniqueId: string): OrphanEvent => ({
  type: 'OrphanRegistered',
  data: { ...fields, uniqueId, orphanId, registeredBy: 'a1', at: T },
});

describe('orphan registry decider', () => {
  const spec = DeciderSpec.for(orphanRegistryDecider);

  it('registers an orphan under a uniqueId no other child has', () => {
    spec
      .when({ type: 'RegisterOrphan', orphanId: 'o1', fields, actorId: 'a1', now: T })
      .then([registered('o1', '0042')]);
    spec
      .given([registered('o1', '0042')])
      .when({ type: 'RegisterOrphan', orphanId: 'o2', fields, actorId: 'a1', now: T })
      .thenThrows({ status: 409, code: 'ORPHAN_ID_TAKEN' });
  });

  it('records only what an edit changes; a uniqueId moves with its child', () => {
    const s = spec.given([registered('o1', '0042'), registered('o2', '0043')]);
    s.when({
      type: 'EditOrphan',
      orphanId: 'o1',
      changes: { status: 'Active', goal: 60_000_00 },
      actorId: 'a1',
      now: T,
    }).then([{ type: 'OrphanEdited', data: { orphanId: 'o1', changes: { goal: 60_000_00 }, editedBy: 'a1', at: T } }]);
    s.when({
      type: 'EditOrphan',
      orphanId: 'o1',
      changes: { location: 'Kibera' },
      actorId: 'a1',
      now: T,
    }).thenNothingHappened();
    s.when({ type: 'EditOrphan', orphanId: 'o1', changes: { uniqueId: '0043' }, actorId: 'a1', now: T }).thenThrows({
      status: 409,
    });
    s.when({ type: 'EditOrphan', orphanId: 'o9', changes: {}, actorId: 'a1', now: T }).thenThrows({ status: 404 });
    const moved = s
      .when({ type: 'EditOrphan', orphanId: 'o1', changes: { uniqueId: '0044' }, actorId: 'a1', now: T })
      .decide();
    expect(moved.state.byUniqueId.get('0044')).toBe('o1');
    expect(moved.state.byUniqueId.has('0042')).toBe(false);
  });
});

describe('auditor registry decider', () => {
  const spec = DeciderSpec.for(auditorRegistryDecider);
  const auditor = {
    name: 'Amani Audit',
    logo: null,
    lastAuditDate: '2026-06-30',
    isoCertified: true,
    governmentApproved: true,
  };

  it('adds, edits what changed, removes; an unknown auditor is 404', () => {
    const added = spec
      .when({ type: 'AddAuditor', auditorId: 'x', fields: auditor, actorId: 'a1', now: T })
      .decide().events;
    spec
      .given(added)
      .when({
        type: 'EditAuditor',
        auditorId: 'x',
        changes: { isoCertified: false, name: 'Amani Audit' },
        actorId: 'a1',
        now: T,
      })
      .then([
        { type: 'AuditorEdited', data: { auditorId: 'x', changes: { isoCertified: false }, editedBy: 'a1', at: T } },
      ]);
    const removed = spec.given(added).when({ type: 'RemoveAuditor', auditorId: 'x', actorId: 'a1', now: T }).decide();
    expect(removed.state.auditors.size).toBe(0);
    spec
      .given([...added, ...removed.events])
      .when({ type: 'RemoveAuditor', auditorId: 'x', actorId: 'a1', now: T })
      .thenThrows({ status: 404 });
  });
});

describe('donation settings decider', () => {
  const spec = DeciderSpec.for(donationSettingsDecider);

  it('starts paused, opens and pauses with the admin named, and records nothing for no change', () => {
    expect(spec.state()).toEqual({ paused: true });
    spec.when({ type: 'SetPaused', paused: true, actorId: 'a1', now: T }).thenNothingHappened();
    const opened = spec
      .when({ type: 'SetPaused', paused: false, actorId: 'a1', now: T })
      .then([{ type: 'DonationsOpened', data: { openedBy: 'a1', at: T } }]);
    spec
      .given(opened.events)
      .when({ type: 'SetPaused', paused: true, actorId: 'a2', now: T })
      .then([{ type: 'DonationsPaused', data: { pausedBy: 'a2', at: T } }]);
  });
});
