import type { CollectionSpec } from '@platform/read-store/read-store.port';

export const RELATIONSHIPS = 'relationships';

export type EdgeKind = 'follow' | 'block' | 'mute';
export const EDGE_KINDS: readonly EdgeKind[] = ['follow', 'block', 'mute'];

/** One directed relationship: fromId follows / blocks / mutes toId. */
export interface EdgeDoc {
  id: string;
  [key: string]: unknown;
  kind: EdgeKind;
  fromId: string;
  toId: string;
  createdAt: string;
}

export const edgeId = (kind: EdgeKind, fromId: string, toId: string) => `${kind}:${fromId}:${toId}`;

/** Newest first in both directions: followers of X, following of X, blocks by / of X, mutes by X. */
export const relationshipsCollection: CollectionSpec = {
  name: RELATIONSHIPS,
  indexes: [
    { fields: ['kind', 'fromId'], sort: { field: 'createdAt' } },
    { fields: ['kind', 'toId'], sort: { field: 'createdAt' } },
  ],
};
