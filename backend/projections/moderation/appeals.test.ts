import { inStream, projectionSpec } from '../runner/testing/projection-spec';
import { type AppealDoc, APPEALS } from './docs';
import { moderationProjector } from './moderation.projector';

const P = '0190d7c4-0000-7000-8000-0000000000e1';
const AUTHOR = '0190d7c4-0000-7000-8000-0000000000e2';
const at = (m: number) => `2026-11-30T10:0${m}:00.000Z`;
const hiding = { moderatorId: 'mod', reason: 'Spam', at: at(0) };
const onPost = (type: string, data: Record<string, unknown>) =>
  inStream(`post-${P}`, { type, data: { postId: P, ...data } });
const appealed = (m: number, text = 'A reminder') =>
  onPost('PostAppealed', { userId: AUTHOR, text, hiding, at: at(m) });
const rejected = (m: number) => onPost('PostAppealRejected', { moderatorId: 'mod2', reason: 'Still spam', at: at(m) });
const restored = (m: number) => onPost('PostRestored', { moderatorId: 'mod2', reason: 'Fair', at: at(m) });

describe('moderation projector: the appeal queue', () => {
  it('queues an appeal with the hiding it answers, until a moderator keeps the post hidden', async () => {
    await projectionSpec(moderationProjector)
      .given(appealed(1))
      .then(APPEALS, P, {
        postId: P,
        authorId: AUTHOR,
        status: 'pending',
        queue: 'pending',
        text: 'A reminder',
        appealedAt: at(1),
        hiding,
        decision: null,
      });
    await projectionSpec(moderationProjector)
      .given([...appealed(1), ...rejected(2)])
      .then(APPEALS, P, {
        status: 'rejected',
        queue: 'decided',
        decision: { moderatorId: 'mod2', reason: 'Still spam', at: at(2) },
      });
  });

  it('a restore grants a waiting appeal and leaves a decided one as it was', async () => {
    await projectionSpec(moderationProjector)
      .given([...appealed(1), ...restored(2)])
      .then(APPEALS, P, { status: 'granted', decision: { moderatorId: 'mod2', reason: 'Fair', at: at(2) } });
    await projectionSpec(moderationProjector)
      .given([...appealed(1), ...rejected(2), ...restored(3)])
      .then(APPEALS, P, { status: 'rejected', decision: { reason: 'Still spam' } });
    // A restore of a post nobody appealed leaves no entry.
    await projectionSpec(moderationProjector).given(restored(1)).thenNotFound(APPEALS, P);
  });

  it("withdraws a waiting appeal when the post or its author's account is deleted", async () => {
    await projectionSpec(moderationProjector)
      .given([...appealed(1), ...onPost('PostDeleted', { deletedBy: AUTHOR, deletedAt: at(2) })])
      .then(APPEALS, P, { status: 'withdrawn', queue: 'decided', decision: null });
    await projectionSpec(moderationProjector)
      .given([...appealed(1), ...inStream(`user-${AUTHOR}`, { type: 'AccountDeleted', data: { deletedAt: at(2) } })])
      .then(APPEALS, P, { status: 'withdrawn', queue: 'decided' });
  });

  it("a new hiding's appeal takes the place of the one before, back in the pending queue", async () => {
    await projectionSpec(moderationProjector)
      .given([...appealed(1), ...rejected(2), ...restored(3), ...appealed(5, 'Again')])
      .inBatchesOf(2)
      .then(async ({ collection }) => {
        const appeal = await collection<AppealDoc>(APPEALS).get(P);
        expect(appeal).toMatchObject({ status: 'pending', queue: 'pending', text: 'Again', decision: null });
      });
  });
});
