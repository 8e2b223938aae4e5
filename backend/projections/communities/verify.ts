import type { EventStore } from '@platform/event-store/event-store.port';
import type { ReadModels } from '@platform/read-models';
import type { ReadStore } from '@platform/read-store/read-store.port';

import { replayToCheckpoint } from '../runner';
import { COMMUNITIES, COMMUNITIES_PROJECTOR, type CommunityDoc } from './docs';
import { CommunityRecount } from './recount';

/**
 * Recounts every community's members, requests and posts from the log, up to where the communities
 * projector has got (a running app's lag is no drift), and answers one line per difference.
 */
export async function verifyCommunityCounts(
  eventStore: EventStore,
  readStore: ReadStore,
  readModels: ReadModels,
): Promise<{ drift: string[]; summary: string }> {
  const recount = new CommunityRecount();
  const upTo = await replayToCheckpoint(eventStore, readStore, COMMUNITIES_PROJECTOR, (e) => recount.add(e));
  if (upTo === null)
    return { drift: [], summary: 'No drift: the communities projection has not run on this store yet.' };
  const ids = [...recount.communities.keys()];
  const docs = new Map((await readModels.collection<CommunityDoc>(COMMUNITIES).getMany(ids)).map((d) => [d.id, d]));
  const drift = ids.flatMap((id) => recount.driftOf(docs.get(id), id));
  const summary = drift.length
    ? `${drift.length} community figure(s) drifted.`
    : `No drift: ${ids.length} communities' members, requests and posts recounted from the log.`;
  return { drift, summary };
}
