import { newId } from '@platform/ids';
import { AUDIT_COLLECTION, type AuditEntry, auditProjector } from '@projections/index';

import { inStream, projectionSpec } from '../runner/testing/projection-spec';

const A = '0190d7c4-0000-7000-8000-00000000000a';
const B = '0190d7c4-0000-7000-8000-00000000000b';
const P = '0190d7c4-0000-7000-8000-0000000000f1';

describe('audit projector', () => {
  it('records every event, whatever its type, with who did it and the correlation of the request', async () => {
    const [created, liked] = [newId(), newId()];
    await projectionSpec(auditProjector)
      .given(
        inStream(`post-${P}`, {
          id: created,
          type: 'PostCreated',
          data: { postId: P },
          metadata: { actor: A, correlationId: 'corr-1', requestId: 'req-1' },
        }),
      )
      .given(
        inStream(`post-${P}`, {
          id: liked,
          type: 'SomethingNoProjectorKnows',
          data: {},
          metadata: { actor: B, causationId: created },
        }),
      )
      .then(async ({ log, collection }) => {
        const entries = collection<AuditEntry>(AUDIT_COLLECTION);
        expect(await entries.get(created)).toEqual({
          id: created,
          checkpoint: log[0]!.checkpoint,
          streamId: `post-${P}`,
          streamVersion: 0,
          type: 'PostCreated',
          actor: A,
          occurredAt: log[0]!.metadata.occurredAt,
          correlationId: 'corr-1',
          causationId: null,
          requestId: 'req-1',
        });
        expect(await entries.get(liked)).toMatchObject({
          streamVersion: 1,
          type: 'SomethingNoProjectorKnows',
          actor: B,
          causationId: created,
          requestId: null,
          correlationId: liked,
        });
      });
  });

  it('records events without an actor (the system) with a null actor', async () => {
    const id = newId();
    await projectionSpec(auditProjector)
      .given(inStream(`media-${P}`, { id, type: 'MediaProcessed', data: { mediaId: P } }))
      .then(AUDIT_COLLECTION, id, { actor: null, streamId: `media-${P}` });
  });

  it("answers a stream's history and a member's actions in log order", async () => {
    const post = (actor: string, type: string) => ({ type, data: {}, metadata: { actor } });
    await projectionSpec(auditProjector)
      .given(inStream(`post-${P}`, post(A, 'PostCreated'), post(B, 'PostLiked')))
      .given(inStream(`user-${B}`, post(B, 'SessionStarted')))
      .given(inStream(`post-${P}`, post(A, 'PostEdited')))
      .inBatchesOf(2)
      .then(async ({ collection }) => {
        const entries = collection<AuditEntry>(AUDIT_COLLECTION);
        const ofPost = await entries.find({
          where: { streamId: `post-${P}` },
          sort: { field: 'checkpoint', direction: 'asc' },
        });
        expect(ofPost.items.map((e) => e.type)).toEqual(['PostCreated', 'PostLiked', 'PostEdited']);
        const byB = await entries.find({ where: { actor: B }, sort: { field: 'checkpoint', direction: 'asc' } });
        expect(byB.items.map((e) => [e.streamId, e.type])).toEqual([
          [`post-${P}`, 'PostLiked'],
          [`user-${B}`, 'SessionStarted'],
        ]);
      });
  });
});
