import type { EventStore, RecordedEvent } from '@platform/event-store/event-store.port';
import type { ReadModels } from '@platform/read-models';
import { MEDIA, type MediaDoc, toMediaView } from '@projections/media';
import { type MessageDoc, MESSAGES } from '@projections/messaging';
import { REPORT_GROUPS, type ReportGroupDoc, reportGroupId } from '@projections/moderation';
import { VIEWER_MARKS, type ViewerMarksDoc } from '@projections/social';

import { MODERATION_LIMITS as L } from '../limits';
import type { MediaLinks, SeenEvent } from './types';

export const seen = (e: RecordedEvent): SeenEvent => ({
  type: e.type,
  data: e.data,
  version: e.streamVersion,
  time: e.metadata.occurredAt,
});

/** The id after the stream's prefix (`post-<id>` → `<id>`). */
export const streamSubject = (streamId: string) => streamId.slice(streamId.indexOf('-') + 1);

/** The owner of a user stream's sealed data (other streams name it as data.userId). */
export const sealedOwnerOf = (streamId: string) => (streamId.startsWith('user-') ? streamSubject(streamId) : null);

/** When a member's account was deleted (and their key shredded with it), from their own stream. */
export async function erasureTime(eventStore: EventStore, userId: string): Promise<string | null> {
  const events = await eventStore.readStream(`user-${userId}`);
  const deleted = events.find((e) => e.type === 'AccountDeleted');
  return deleted ? ((deleted.data as { deletedAt?: string }).deletedAt ?? deleted.metadata.occurredAt) : null;
}

/** When a message was first reported by its recipient (the report queue keeps resolved rounds too). */
export async function messageReportedAt(readModels: ReadModels, messageId: string): Promise<string | null> {
  const group = await readModels.collection<ReportGroupDoc>(REPORT_GROUPS).get(reportGroupId('message', messageId));
  return group?.firstReportedAt ?? null;
}

/**
 * Every member's poll votes on a post, from their vote streams (the log, not the counters). The
 * voters are found in the viewer marks; at most historyRelatedMax of them are read.
 */
export async function pollVotes(eventStore: EventStore, readModels: ReadModels, postId: string): Promise<SeenEvent[]> {
  const marks = readModels.collection<ViewerMarksDoc>(VIEWER_MARKS);
  const voters: string[] = [];
  let after: string | null = null;
  do {
    const page = await marks.find({ where: { postId }, after, limit: 1000 });
    voters.push(...page.items.filter((m) => m.vote !== undefined).map((m) => m.userId));
    after = page.nextCursor;
  } while (after && voters.length < L.historyRelatedMax);
  const streams = await Promise.all(
    voters.slice(0, L.historyRelatedMax).map((userId) => eventStore.readStream(`vote-${postId}-${userId}`)),
  );
  return streams
    .flat()
    .map(seen)
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
}

/** A conversation's messages as MessageSent events rebuilt from the messages read model (its copy of them). */
export async function conversationMessages(readModels: ReadModels, conversationId: string): Promise<SeenEvent[]> {
  const messages = readModels.collection<MessageDoc>(MESSAGES);
  const out: SeenEvent[] = [];
  let after: string | null = null;
  do {
    const page = await messages.find({
      where: { conversationId },
      sort: { field: 'position', direction: 'asc' },
      after,
      limit: 1000,
    });
    for (const m of page.items)
      out.push({
        type: 'MessageSent',
        // Counting needs only these; the words stay out of the moderator's answer either way.
        data: { messageId: m.id, conversationId: m.conversationId, sentAt: m.createdAt },
        version: 0,
        time: m.createdAt,
      });
    after = page.nextCursor;
  } while (after && out.length < L.historyRelatedMax);
  return out;
}

/** A file's address and its smallest picture: an image's narrowest rendition, a video's poster. */
function linksOf(doc: MediaDoc): MediaLinks {
  const view = toMediaView(doc);
  const narrowest = view.variants.filter((v) => v.role === 'image').sort((a, b) => a.width - b.width)[0];
  return { url: view.url, thumbnailUrl: doc.kind === 'video' ? view.posterUrl : (narrowest?.url ?? null) };
}

export async function mediaLinks(readModels: ReadModels, ids: string[]): Promise<Map<string, MediaLinks>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const docs = await readModels.collection<MediaDoc>(MEDIA).getMany(wanted);
  return new Map(docs.map((d) => [d.id, linksOf(d)]));
}
