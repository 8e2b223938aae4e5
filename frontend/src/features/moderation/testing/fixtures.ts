import type { AuditEvent, AuditStreamDiff, AuditStreamState, PostHistoryView } from '../types';

/** A post as it read when first posted (version 0), with a picture, a poll and a quote. */
export const ORIGINAL: PostHistoryView = {
  kind: 'post',
  postId: 'p1',
  authorId: 'u7',
  type: 'poll',
  content: 'The original words',
  hashtags: ['quran'],
  mentions: [],
  media: [{ id: 'm1', kind: 'image', url: '/api/media/m1', thumbnailUrl: '/api/media/m1/thumb.webp' }],
  imageCaptions: ['A mosque at dusk'],
  poll: {
    question: 'Which surah?',
    options: [
      { text: 'Al-Fatiha', votes: 3 },
      { text: 'Al-Ikhlas', votes: 1 },
    ],
  },
  quotedPostId: 'p0',
  answer: null,
  audience: 'public',
  createdAt: '2026-11-29T10:00:00.000Z',
  editedAt: null,
  visibility: { status: 'live' },
  appeals: [],
};

export const EDITED: PostHistoryView = {
  ...ORIGINAL,
  content: 'The edited words',
  editedAt: '2026-11-29T11:00:00.000Z',
  visibility: { status: 'edited', editedAt: '2026-11-29T11:00:00.000Z' },
};

export const HIDDEN: PostHistoryView = {
  ...EDITED,
  visibility: { status: 'hidden', by: 'mod1', at: '2026-11-29T12:00:00.000Z', reason: 'Spam ring' },
};

const TIMES = ['2026-11-29T10:00:00.000Z', '2026-11-29T11:00:00.000Z', '2026-11-29T12:00:00.000Z'];
const VIEWS = [ORIGINAL, EDITED, HIDDEN];
const TYPES = ['PostCreated', 'PostEdited', 'PostHidden'];

export function postState(version: number, streamId = 'post-p1'): AuditStreamState {
  return {
    streamId,
    kind: 'post',
    version,
    time: TIMES[version]!,
    lastVersion: 2,
    lastTime: TIMES[2]!,
    view: VIEWS[version]!,
    state: { exists: true, hidden: version === 2 },
  };
}

export function postEvents(streamId = 'post-p1'): { streamId: string; items: AuditEvent[]; nextCursor: null } {
  return {
    streamId,
    items: TYPES.map((type, version) => ({
      version,
      type,
      time: TIMES[version]!,
      actor: { id: 'u7', username: 'yusuf' },
      requestId: `r${version}`,
      data: {},
    })),
    nextCursor: null,
  };
}

/** What the server's diff answers between two of the versions above (only neighbours are asked). */
export function postDiff(from: number, to: number, streamId = 'post-p1'): AuditStreamDiff {
  const changes =
    to === 1
      ? [
          { path: 'content', before: 'The original words', after: 'The edited words' },
          { path: 'editedAt', before: null, after: EDITED.editedAt },
          { path: 'visibility.editedAt', before: null, after: EDITED.editedAt },
          { path: 'visibility.status', before: 'live', after: 'edited' },
        ]
      : [
          { path: 'visibility.at', before: null, after: '2026-11-29T12:00:00.000Z' },
          { path: 'visibility.by', before: null, after: 'mod1' },
          { path: 'visibility.editedAt', before: EDITED.editedAt, after: null },
          { path: 'visibility.reason', before: null, after: 'Spam ring' },
          { path: 'visibility.status', before: 'edited', after: 'hidden' },
        ];
  return {
    streamId,
    kind: 'post',
    from: { version: from, time: TIMES[from]! },
    to: { version: to, time: TIMES[to]! },
    compared: 'view',
    changes,
  };
}
