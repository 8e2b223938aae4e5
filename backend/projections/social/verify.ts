import type { DriftReport } from '@contract';

import type { EventStore } from '../../src/platform/event-store/event-store.port';
import type { ReadModels } from '../../src/platform/read-models';
import type { ReadStore } from '../../src/platform/read-store/read-store.port';
import { replayToCheckpoint } from '../runner';
import { type PostDoc, POSTS, SOCIAL_PROJECTOR } from './docs';
import { Recount } from './recount';

/**
 * Recounts every post's counters from the log and compares them with the posts read model, at the
 * log position the projection has reached (so a running app's lag is no drift): the report of
 * `npm run projections:verify` and GET /api/admin/projections/verify.
 */
export async function verifyPostCounters(
  eventStore: EventStore,
  readStore: ReadStore,
  readModels: ReadModels,
): Promise<Omit<DriftReport, 'ledger' | 'communities'>> {
  const recount = new Recount();
  const upTo = (await replayToCheckpoint(eventStore, readStore, SOCIAL_PROJECTOR, (e) => recount.add(e))) ?? '';
  const posts = readModels.collection<PostDoc>(POSTS);
  const drift: string[] = [];
  const ids = [...recount.posts.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const found = new Map((await posts.getMany(chunk)).map((d) => [d.id, d]));
    for (const id of chunk) drift.push(...recount.driftOf(found.get(id), id));
  }
  return { projection: 'social', posts: ids.length, drift, ok: drift.length === 0, checkedUpTo: upTo };
}
