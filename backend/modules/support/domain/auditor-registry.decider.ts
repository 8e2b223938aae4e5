import { type Decider, DomainError } from '@platform/decider/decider';

import type { AuditorEvent, AuditorFields } from '../events';
import { SUPPORT_MESSAGES as M } from '../limits';
import type { Edits } from './edits';

export interface AuditorRegistryState {
  auditors: ReadonlyMap<string, AuditorFields>;
}

export type AuditorRegistryCommand =
  | { type: 'AddAuditor'; auditorId: string; fields: AuditorFields; actorId: string; now: string }
  | { type: 'EditAuditor'; auditorId: string; changes: Edits<AuditorFields>; actorId: string; now: string }
  | { type: 'RemoveAuditor'; auditorId: string; actorId: string; now: string };

const notFound = () => new DomainError('AUDITOR_NOT_FOUND', M.auditorNotFound, 404);

/** The "Audited By" list of the support page, kept by admins. */
export const auditorRegistryDecider: Decider<AuditorRegistryState, AuditorRegistryCommand, AuditorEvent> = {
  initialState: () => ({ auditors: new Map() }),

  evolve(state, event) {
    const auditors = new Map(state.auditors);
    if (event.type === 'AuditorAdded') {
      const { name, logo, lastAuditDate, isoCertified, governmentApproved } = event.data;
      auditors.set(event.data.auditorId, { name, logo, lastAuditDate, isoCertified, governmentApproved });
    } else if (event.type === 'AuditorEdited') {
      const before = auditors.get(event.data.auditorId);
      if (before) auditors.set(event.data.auditorId, { ...before, ...event.data.changes });
    } else {
      auditors.delete(event.data.auditorId);
    }
    return { auditors };
  },

  decide(state, c) {
    if (c.type === 'AddAuditor') {
      if (state.auditors.has(c.auditorId)) return [];
      return [{ type: 'AuditorAdded', data: { ...c.fields, auditorId: c.auditorId, addedBy: c.actorId, at: c.now } }];
    }
    const current = state.auditors.get(c.auditorId);
    if (!current) throw notFound();
    if (c.type === 'RemoveAuditor')
      return [{ type: 'AuditorRemoved', data: { auditorId: c.auditorId, removedBy: c.actorId, at: c.now } }];
    const changes: Partial<AuditorFields> = {};
    for (const key of Object.keys(c.changes) as (keyof AuditorFields)[]) {
      const value = c.changes[key];
      if (value !== undefined && value !== current[key]) Object.assign(changes, { [key]: value });
    }
    if (Object.keys(changes).length === 0) return [];
    return [{ type: 'AuditorEdited', data: { auditorId: c.auditorId, changes, editedBy: c.actorId, at: c.now } }];
  },
};
