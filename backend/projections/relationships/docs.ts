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

export const CIRCLES = 'circles';

/**
 * One member's side of the graph, kept beside the edges: a feed request reads this one document
 * by id instead of finding every edge of the viewer (on PostgreSQL that find was the heaviest
 * statement of an uncached following feed). Each list oldest first; a list never set is absent.
 */
export interface CircleDoc {
  id: string;
  [key: string]: unknown;
  /** Members this one follows. */
  following?: string[];
  /** Members this one blocks. */
  blocking?: string[];
  /** Members who block this one. */
  blockedBy?: string[];
  /** Members this one mutes. */
  muting?: string[];
}

/** The circle list an edge is kept in on each side (the other side keeps only blocks). */
export const CIRCLE_LISTS: Record<EdgeKind, { from: keyof CircleDoc & string; to: (keyof CircleDoc & string) | null }> =
  {
    follow: { from: 'following', to: null },
    block: { from: 'blocking', to: 'blockedBy' },
    mute: { from: 'muting', to: null },
  };

export const circlesCollection: CollectionSpec = { name: CIRCLES };
