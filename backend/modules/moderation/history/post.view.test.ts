import type { PostEvent } from '@modules/social';

import { given, minute, upTo } from '../testing/history';
import { foldPost } from './post.view';
import { emptyContext, type SeenEvent } from './types';

const created: PostEvent = {
  type: 'PostCreated',
  data: {
    postId: 'p1',
    userId: 'u1',
    type: 'poll',
    content: 'Which book first?',
    hashtags: [],
    mentions: [],
    poll: { question: 'Which book first?', options: ['Riyad', 'Bulugh'] },
    quotedPostId: 'p0',
    imageCaptions: ['cover'],
    media: [
      { id: 'm1', kind: 'image' },
      { id: 'm2', kind: 'video' },
    ],
    limited: false,
    createdAt: minute(0),
  },
};
const edited: PostEvent = {
  type: 'PostEdited',
  data: {
    postId: 'p1',
    content: 'Which book should we read first?',
    hashtags: ['books'],
    mentions: [],
    editedAt: minute(1),
  },
};
const hidden: PostEvent = {
  type: 'PostHidden',
  data: { postId: 'p1', moderatorId: 'mod', reason: 'Spam', at: minute(2) },
};
const restored: PostEvent = {
  type: 'PostRestored',
  data: { postId: 'p1', moderatorId: 'mod', reason: 'Appeal', at: minute(3) },
};
const deleted: PostEvent = { type: 'PostDeleted', data: { postId: 'p1', deletedBy: 'u1', deletedAt: minute(4) } };
const vote = (userId: string, option: number, previousOption: number | null): SeenEvent => ({
  type: 'PollVoted',
  data: { postId: 'p1', userId, option, previousOption, at: minute(0) },
  version: 0,
  time: minute(0),
});

describe('post history view', () => {
  const stream = given([created, edited, hidden, restored, deleted]);

  it('shows the words, files with their pictures, poll and quote as members saw them when created', () => {
    const media = new Map([['m1', { url: '/media/m1', thumbnailUrl: '/media/m1/w320.webp' }]]);
    expect(foldPost(upTo(stream, 0), emptyContext({ media }))).toEqual({
      kind: 'post',
      postId: 'p1',
      authorId: 'u1',
      type: 'poll',
      content: 'Which book first?',
      hashtags: [],
      mentions: [],
      media: [
        { id: 'm1', kind: 'image', url: '/media/m1', thumbnailUrl: '/media/m1/w320.webp' },
        // Not in the media read side (yet): its stable address, no picture.
        { id: 'm2', kind: 'video', url: '/media/m2/video.mp4', thumbnailUrl: null },
      ],
      imageCaptions: ['cover'],
      poll: {
        question: 'Which book first?',
        options: [
          { text: 'Riyad', votes: 0 },
          { text: 'Bulugh', votes: 0 },
        ],
      },
      quotedPostId: 'p0',
      answer: null,
      audience: 'public',
      createdAt: minute(0),
      editedAt: null,
      visibility: { status: 'live' },
      appeals: [],
    });
  });

  it('tells the words before and after an edit apart, and the edit time', () => {
    const before = foldPost(upTo(stream, 0), emptyContext());
    const after = foldPost(upTo(stream, 1), emptyContext());
    expect(before).toMatchObject({ content: 'Which book first?', visibility: { status: 'live' } });
    expect(after).toMatchObject({
      content: 'Which book should we read first?',
      hashtags: ['books'],
      editedAt: minute(1),
      visibility: { status: 'edited', editedAt: minute(1) },
    });
  });

  it('shows who hid it, when and why; a restore gives back the edited post; a deletion is final', () => {
    expect(foldPost(upTo(stream, 2), emptyContext())?.visibility).toEqual({
      status: 'hidden',
      by: 'mod',
      at: minute(2),
      reason: 'Spam',
    });
    expect(foldPost(upTo(stream, 3), emptyContext())?.visibility).toEqual({ status: 'edited', editedAt: minute(1) });
    expect(foldPost(stream, emptyContext())?.visibility).toEqual({ status: 'deleted', by: 'u1', at: minute(4) });
  });

  it('an edit while hidden changes the words, not the visibility', () => {
    const s = given([created, hidden, edited]);
    expect(foldPost(s, emptyContext())).toMatchObject({
      content: 'Which book should we read first?',
      visibility: { status: 'hidden', reason: 'Spam' },
    });
  });

  it('shows each appeal of a hiding with its outcome: rejected, granted by a restore, withdrawn by a deletion', () => {
    const appealed = (m: number, text: string, hiddenAt: string): PostEvent => ({
      type: 'PostAppealed',
      data: {
        postId: 'p1',
        userId: 'u1',
        text,
        hiding: { moderatorId: 'mod', reason: 'Spam', at: hiddenAt },
        at: minute(m),
      },
    });
    const rejected: PostEvent = {
      type: 'PostAppealRejected',
      data: { postId: 'p1', moderatorId: 'mod2', reason: 'Still spam', at: minute(6) },
    };
    const hiddenAgain: PostEvent = { ...hidden, data: { ...hidden.data, at: minute(8) } } as PostEvent;
    const s = given([
      created,
      hidden,
      appealed(5, 'A reminder', minute(2)),
      rejected,
      restored,
      hiddenAgain,
      appealed(9, '', minute(8)),
      deleted,
    ]);
    expect(foldPost(upTo(s, 2), emptyContext())?.appeals).toEqual([
      { at: minute(5), text: 'A reminder', hiddenAt: minute(2), outcome: { status: 'pending' } },
    ]);
    const first = { at: minute(5), text: 'A reminder', hiddenAt: minute(2) };
    const rejectedOutcome = { status: 'rejected', by: 'mod2', at: minute(6), reason: 'Still spam' };
    expect(foldPost(upTo(s, 3), emptyContext())).toMatchObject({
      visibility: { status: 'hidden' },
      appeals: [{ ...first, outcome: rejectedOutcome }],
    });
    // A restore after a rejection settles nothing: that appeal was already answered.
    expect(foldPost(upTo(s, 4), emptyContext())?.appeals).toEqual([{ ...first, outcome: rejectedOutcome }]);
    expect(foldPost(s, emptyContext())?.appeals).toEqual([
      { ...first, outcome: rejectedOutcome },
      { at: minute(9), text: '', hiddenAt: minute(8), outcome: { status: 'withdrawn', at: minute(4) } },
    ]);
    const granted = given([created, hidden, appealed(5, 'Please', minute(2)), restored]);
    expect(foldPost(granted, emptyContext())?.appeals).toEqual([
      {
        at: minute(5),
        text: 'Please',
        hiddenAt: minute(2),
        outcome: { status: 'granted', by: 'mod', at: minute(3), reason: 'Appeal' },
      },
    ]);
  });

  it('counts each member once at their latest vote', () => {
    const related = [vote('a', 0, null), vote('b', 0, null), vote('c', 1, null), vote('b', 1, 0)];
    expect(foldPost(upTo(stream, 0), emptyContext({ related }))?.poll?.options).toEqual([
      { text: 'Riyad', votes: 1 },
      { text: 'Bulugh', votes: 2 },
    ]);
  });

  it('is nothing before the post exists, and a limited author shows as limited', () => {
    expect(foldPost([], emptyContext())).toBeNull();
    const limited = given<PostEvent>([
      { ...created, data: { ...created.data, limited: true, poll: null } } as PostEvent,
    ]);
    expect(foldPost(limited, emptyContext())).toMatchObject({ audience: 'limited', poll: null });
  });
});
