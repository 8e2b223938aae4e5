import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { PostEvent } from '../events';
import { MESSAGES } from '../limits';
import { textPostCreated } from '../testing/post-events';
import { postDecider } from './post.decider';

const T0 = '2026-11-23T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const created: PostEvent = {
  type: 'PostCreated',
  data: textPostCreated({ postId: 'p1', userId: 'author', createdAt: T0 }),
};
const hidden = (minutes: number, reason = 'Spam'): PostEvent => ({
  type: 'PostHidden',
  data: { postId: 'p1', moderatorId: 'mod', reason, at: at(minutes) },
});
const restored = (minutes: number): PostEvent => ({
  type: 'PostRestored',
  data: { postId: 'p1', moderatorId: 'mod', reason: 'Looked again', at: at(minutes) },
});
const appealed = (minutes: number, hiddenAt = at(1)): PostEvent => ({
  type: 'PostAppealed',
  data: {
    postId: 'p1',
    userId: 'author',
    text: 'It is a reminder',
    hiding: { moderatorId: 'mod', reason: 'Spam', at: hiddenAt },
    at: at(minutes),
  },
});
const rejected = (minutes: number): PostEvent => ({
  type: 'PostAppealRejected',
  data: { postId: 'p1', moderatorId: 'mod2', reason: 'Still spam', at: at(minutes) },
});

const spec = DeciderSpec.for(postDecider);
const appeal = (text = 'It is a reminder', actorId = 'author', minutes = 2) =>
  ({ type: 'AppealPost', actorId, text, now: at(minutes) }) as const;
const reject = (actorRole: 'member' | 'moderator' | 'admin' = 'moderator') =>
  ({ type: 'RejectAppeal', actorId: 'mod2', actorRole, reason: 'Still spam', now: at(3) }) as const;

describe('post decider: appeals of a hiding', () => {
  it("lets the author appeal a moderators' hiding, trimmed, naming the hiding it answers", () => {
    spec
      .given([created, hidden(1)])
      .when(appeal('  It is a reminder  '))
      .then([appealed(2)]);
    spec
      .given([created, hidden(1)])
      .when(appeal('   '))
      .then((events, state) => {
        expect(events).toEqual([{ ...appealed(2), data: { ...appealed(2).data, text: '' } }]);
        expect(state.hiding).toMatchObject({ reason: 'Spam', appeal: 'pending' });
      });
  });

  it('refuses anyone but the author: 404 on a hidden post (it does not exist for them), 403 on a visible one', () => {
    spec
      .given([created, hidden(1)])
      .when(appeal('Mine', 'stranger'))
      .thenThrows({ status: 404 });
    spec
      .given([created, hidden(1)])
      .when(appeal('Mine', 'mod'))
      .thenThrows('POST_NOT_FOUND');
    spec
      .given([created])
      .when(appeal('Mine', 'stranger'))
      .thenThrows({ status: 403, message: MESSAGES.appealNotOwner });
  });

  it('refuses an appeal of a visible post, of a deleted one, and of an unknown one', () => {
    spec.given([created]).when(appeal()).thenThrows({ status: 409, message: MESSAGES.appealNotHidden });
    spec
      .given([created, hidden(1), restored(2)])
      .when(appeal())
      .thenThrows({ status: 409, code: 'NOT_HIDDEN' });
    const deleted: PostEvent = { type: 'PostDeleted', data: { postId: 'p1', deletedBy: 'author', deletedAt: at(2) } };
    spec
      .given([created, hidden(1), deleted])
      .when(appeal())
      .thenThrows({ status: 404 });
    spec.given([]).when(appeal()).thenThrows({ status: 404 });
  });

  it('allows one appeal per hiding: not while it waits, not after it was rejected', () => {
    spec
      .given([created, hidden(1), appealed(2)])
      .when(appeal('Again'))
      .thenThrows({ status: 409, code: 'ALREADY_APPEALED', message: MESSAGES.appealTwice });
    spec
      .given([created, hidden(1), appealed(2), rejected(3)])
      .when(appeal('Again'))
      .thenThrows({ status: 409, message: MESSAGES.appealAlreadyReviewed });
  });

  it('allows a new appeal once the post was restored and hidden again, against the new hiding', () => {
    spec
      .given([created, hidden(1), appealed(2), rejected(3), restored(4), hidden(5, 'Off topic')])
      .when(appeal('Please look again', 'author', 6))
      .then([
        {
          type: 'PostAppealed',
          data: {
            postId: 'p1',
            userId: 'author',
            text: 'Please look again',
            hiding: { moderatorId: 'mod', reason: 'Off topic', at: at(5) },
            at: at(6),
          },
        },
      ]);
  });

  it("refuses an appeal of a community's removal: its own moderators decide", () => {
    const removed: PostEvent = {
      type: 'PostHidden',
      data: { postId: 'p1', moderatorId: 'circle-mod', reason: 'Off topic', at: at(1), communityId: 'c1' },
    };
    spec.given([created, removed]).when(appeal()).thenThrows({ status: 409, code: 'COMMUNITY_REMOVAL' });
  });

  it('refuses words over 500 characters with a clear message, and takes 500', () => {
    const hiddenPost = spec.given([created, hidden(1)]);
    hiddenPost
      .when(appeal('x'.repeat(501)))
      .thenThrows({ status: 400, code: 'VALIDATION_FAILED', message: MESSAGES.appealTooLong });
    hiddenPost.when(appeal(`  ${'x'.repeat(500)}  `)).then((events) => expect(events).toHaveLength(1));
  });

  it('lets only moderators keep the post hidden, and only while an appeal waits', () => {
    const waiting = spec.given([created, hidden(1), appealed(2)]);
    waiting.when(reject('member')).thenThrows({ status: 403 });
    waiting.when(reject()).then((events, state) => {
      expect(events).toEqual([rejected(3)]);
      expect(state).toMatchObject({ hidden: true, hiding: { appeal: 'rejected' } });
    });
    waiting.when(reject('admin')).then((events) => expect(events).toEqual([rejected(3)]));
    spec
      .given([created, hidden(1)])
      .when(reject())
      .thenThrows({ status: 409, message: MESSAGES.noOpenAppeal });
    spec
      .given([created, hidden(1), appealed(2), rejected(3)])
      .when(reject())
      .thenThrows({ code: 'NO_OPEN_APPEAL' });
    spec.given([created]).when(reject()).thenThrows({ status: 409 });
  });

  it('grants a waiting appeal by restoring the post: the hiding and its appeal end together', () => {
    spec
      .given([created, hidden(1), appealed(2)])
      .when({ type: 'RestorePost', actorId: 'mod2', actorRole: 'moderator', reason: 'Fair point', now: at(3) })
      .then((events, state) => {
        expect(events.map((e) => e.type)).toEqual(['PostRestored']);
        expect(state).toMatchObject({ hidden: false, hiding: null });
      });
  });
});
