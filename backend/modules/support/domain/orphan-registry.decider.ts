import { type Decider, DomainError } from '@platform/decider/decider';

import type { OrphanEvent, OrphanFields } from '../events';
import { SUPPORT_MESSAGES as M } from '../limits';
import type { Edits } from './edits';

export interface OrphanRegistryState {
  orphans: ReadonlyMap<string, OrphanFields>;
  /** uniqueId → orphan id: what keeps an ID shown as ORP-KE-… for one child only. */
  byUniqueId: ReadonlyMap<string, string>;
}

export type OrphanRegistryCommand =
  | { type: 'RegisterOrphan'; orphanId: string; fields: OrphanFields; actorId: string; now: string }
  | { type: 'EditOrphan'; orphanId: string; changes: Edits<OrphanFields>; actorId: string; now: string };

const taken = () => new DomainError('ORPHAN_ID_TAKEN', M.uniqueIdTaken, 409);
const notFound = () => new DomainError('ORPHAN_NOT_FOUND', M.orphanNotFound, 404);

/** Admins register orphans and edit them (spec part 2 §3 Orphan). Input shape is checked at the edge. */
export const orphanRegistryDecider: Decider<OrphanRegistryState, OrphanRegistryCommand, OrphanEvent> = {
  initialState: () => ({ orphans: new Map(), byUniqueId: new Map() }),

  evolve(state, event) {
    const orphans = new Map(state.orphans);
    const byUniqueId = new Map(state.byUniqueId);
    const d = event.data;
    if (event.type === 'OrphanRegistered') {
      const { uniqueId, location, status, goal, story } = event.data;
      orphans.set(d.orphanId, { uniqueId, location, status, goal, story });
      byUniqueId.set(uniqueId, d.orphanId);
    } else {
      const before = orphans.get(d.orphanId);
      if (!before) return state;
      const after = { ...before, ...event.data.changes };
      orphans.set(d.orphanId, after);
      if (after.uniqueId !== before.uniqueId) {
        byUniqueId.delete(before.uniqueId);
        byUniqueId.set(after.uniqueId, d.orphanId);
      }
    }
    return { orphans, byUniqueId };
  },

  decide(state, c) {
    if (c.type === 'RegisterOrphan') {
      if (state.orphans.has(c.orphanId)) return [];
      if (state.byUniqueId.has(c.fields.uniqueId)) throw taken();
      return [
        { type: 'OrphanRegistered', data: { ...c.fields, orphanId: c.orphanId, registeredBy: c.actorId, at: c.now } },
      ];
    }
    const current = state.orphans.get(c.orphanId);
    if (!current) throw notFound();
    const changes: Partial<OrphanFields> = {};
    for (const key of Object.keys(c.changes) as (keyof OrphanFields)[]) {
      const value = c.changes[key];
      if (value !== undefined && value !== current[key]) Object.assign(changes, { [key]: value });
    }
    if (Object.keys(changes).length === 0) return [];
    const holder = changes.uniqueId === undefined ? undefined : state.byUniqueId.get(changes.uniqueId);
    if (holder !== undefined && holder !== c.orphanId) throw taken();
    return [{ type: 'OrphanEdited', data: { orphanId: c.orphanId, changes, editedBy: c.actorId, at: c.now } }];
  },
};
