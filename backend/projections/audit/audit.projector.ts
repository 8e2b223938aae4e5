import type { RecordedEvent } from '../../src/platform/event-store/event-store.port';
import type { Projector } from '../runner';
import { AUDIT_COLLECTION, type AuditEntry } from './docs';

/**
 * Indexes every event by stream and by actor, in log order, so the history of a post, a user or a
 * conversation (or everything one member did) is one indexed query instead of a log scan.
 */
export const auditProjector: Projector = {
  name: 'audit',
  version: 1,
  handles: ['*'],
  collections: [
    {
      name: AUDIT_COLLECTION,
      indexes: [
        { fields: ['streamId'], sort: { field: 'checkpoint' } },
        { fields: ['actor'], sort: { field: 'checkpoint' } },
      ],
    },
  ],
  async handle(event: RecordedEvent, ctx) {
    await ctx.collection<AuditEntry>(AUDIT_COLLECTION).upsert(toAuditEntry(event));
  },
};

export function toAuditEntry(event: RecordedEvent): AuditEntry {
  const m = event.metadata;
  return {
    id: event.id,
    checkpoint: event.checkpoint,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    type: event.type,
    actor: m.actor ?? null,
    occurredAt: m.occurredAt,
    correlationId: m.correlationId,
    causationId: m.causationId ?? null,
    requestId: m.requestId ?? null,
  };
}
