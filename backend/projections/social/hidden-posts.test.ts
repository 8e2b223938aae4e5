import { textPostCreated } from '@modules/social/testing/post-events';

import { inStream, projectionSpec } from '../runner/testing/projection-spec';
import { type PostDoc, POSTS } from './docs';
import { socialProjector } from './social.projector';

const P = '0190d7c4-0000-7000-8000-0000000000f7';
const at = (m: number) => `2026-11-30T11:0${m}:00.000Z`;
const created = textPostCreated({ postId: P, userId: 'author', limited: true, createdAt: at(0) });
const post = (type: string, data: object) => inStream(`post-${P}`, { type, data: { postId: P, ...data } });
const hidden = (m: number, more: Record<string, unknown> = {}) =>
  post('PostHidden', { moderatorId: 'mod', reason: 'Spam', at: at(m), ...more });
const appealed = post('PostAppealed', {
  userId: 'author',
  text: 'A reminder',
  hiding: { moderatorId: 'mod', reason: 'Spam', at: at(1) },
  at: at(2),
});
const projector = () => socialProjector();

describe('social projector: a hidden post keeps why, and its appeal', () => {
  it('keeps the reason and time of the hiding, then the appeal and its rejection', async () => {
    const given = [...post('PostCreated', created), ...hidden(1)];
    await projectionSpec(projector)
      .given(given)
      .then(POSTS, P, {
        status: 'hidden',
        hiddenFrom: 'limited',
        moderation: { reason: 'Spam', hiddenAt: at(1), byCommunity: false, appeal: null },
      });
    await projectionSpec(projector)
      .given([...given, ...appealed, ...post('PostAppealRejected', { moderatorId: 'mod2', reason: 'No', at: at(3) })])
      .inBatchesOf(1)
      .then(POSTS, P, {
        moderation: {
          reason: 'Spam',
          appeal: { status: 'rejected', text: 'A reminder', at: at(2), decision: { reason: 'No', at: at(3) } },
        },
      });
  });

  it("gives back what it was on restore, without the hiding; marks a community's removal", async () => {
    await projectionSpec(projector)
      .given([
        ...post('PostCreated', created),
        ...hidden(1),
        ...appealed,
        ...post('PostRestored', { moderatorId: 'mod', reason: 'Fair', at: at(3) }),
      ])
      .then(async ({ collection }) => {
        const doc = await collection<PostDoc>(POSTS).get(P);
        expect(doc).toMatchObject({ status: 'limited', hiddenFrom: null, moderation: null });
      });
    await projectionSpec(projector)
      .given([...post('PostCreated', created), ...hidden(1, { communityId: 'c1' })])
      .then(POSTS, P, { status: 'hidden', moderation: { byCommunity: true, appeal: null } });
  });
});
