import type { PostAppealHistory, PostHistoryView, PostVisibility } from '@contract';
import type { PostEvent, VoteEvent } from '@modules/social';

import { type HistoryView, mediaOf, type SeenEvent, type ViewContext } from './types';

/** Poll votes as counted then: each member's latest vote moves one count from its previous option. */
function countVotes(options: string[], related: readonly SeenEvent[]): number[] {
  const votes = options.map(() => 0);
  const move = (option: number | null, by: number) => {
    if (option !== null && option >= 0 && option < votes.length) votes[option] = (votes[option] ?? 0) + by;
  };
  for (const e of related as readonly SeenEvent<VoteEvent>[]) {
    if (e.type !== 'PollVoted') continue;
    move(e.data.previousOption, -1);
    move(e.data.option, 1);
  }
  return votes;
}

/** Edited or live: where a restored post goes back to. */
const shown = (editedAt: string | null): PostVisibility =>
  editedAt ? { status: 'edited', editedAt } : { status: 'live' };

/** The appeals with the last one's outcome settled, if it was waiting. */
function settle(appeals: PostAppealHistory[], outcome: PostAppealHistory['outcome']): PostAppealHistory[] {
  const last = appeals.at(-1);
  if (last?.outcome.status !== 'pending') return appeals;
  return [...appeals.slice(0, -1), { ...last, outcome }];
}

/**
 * A post as members saw it: its words, files, poll with the votes then, quote, and whether it showed;
 * with its author's appeals of its hidings and their outcomes.
 */
export function foldPost(events: readonly SeenEvent<PostEvent>[], ctx: ViewContext): PostHistoryView | null {
  let view: PostHistoryView | null = null;
  for (const e of events) {
    if (e.type === 'PostCreated') {
      const d = e.data;
      view = {
        kind: 'post',
        postId: d.postId,
        authorId: d.userId,
        type: d.type,
        content: d.content,
        hashtags: d.hashtags,
        mentions: d.mentions,
        media: (d.media ?? []).map((m) => mediaOf(m, ctx.media)),
        imageCaptions: d.imageCaptions,
        poll: d.poll
          ? { question: d.poll.question, options: d.poll.options.map((text) => ({ text, votes: 0 })) }
          : null,
        quotedPostId: d.quotedPostId,
        answer: d.answer ?? null,
        audience: d.community?.private ? 'members' : d.limited ? 'limited' : 'public',
        createdAt: d.createdAt,
        editedAt: null,
        visibility: { status: 'live' },
        appeals: [],
      };
      continue;
    }
    if (!view) continue;
    switch (e.type) {
      case 'PostEdited':
        view = { ...view, content: e.data.content, hashtags: e.data.hashtags, mentions: e.data.mentions };
        view.editedAt = e.data.editedAt;
        // An edit made while hidden stays hidden: only the words change.
        if (view.visibility.status === 'live' || view.visibility.status === 'edited')
          view.visibility = shown(view.editedAt);
        break;
      case 'PostHidden':
        view = {
          ...view,
          visibility: { status: 'hidden', by: e.data.moderatorId, at: e.data.at, reason: e.data.reason },
        };
        break;
      case 'PostRestored': {
        const { moderatorId: by, at, reason } = e.data;
        view = { ...view, appeals: settle(view.appeals, { status: 'granted', by, at, reason }) };
        if (view.visibility.status === 'hidden') view = { ...view, visibility: shown(view.editedAt) };
        break;
      }
      case 'PostDeleted':
        view = {
          ...view,
          visibility: { status: 'deleted', by: e.data.deletedBy, at: e.data.deletedAt },
          appeals: settle(view.appeals, { status: 'withdrawn', at: e.data.deletedAt }),
        };
        break;
      case 'PostAppealed': {
        const appeal: PostAppealHistory = {
          at: e.data.at,
          text: e.data.text,
          hiddenAt: e.data.hiding.at,
          outcome: { status: 'pending' },
        };
        view = { ...view, appeals: [...view.appeals, appeal] };
        break;
      }
      case 'PostAppealRejected': {
        const { moderatorId: by, at, reason } = e.data;
        view = { ...view, appeals: settle(view.appeals, { status: 'rejected', by, at, reason }) };
        break;
      }
    }
  }
  if (view?.poll) {
    const votes = countVotes(
      view.poll.options.map((o) => o.text),
      ctx.related,
    );
    view.poll = { ...view.poll, options: view.poll.options.map((o, i) => ({ ...o, votes: votes[i] ?? 0 })) };
  }
  return view;
}

export const postView: HistoryView<PostHistoryView, PostEvent> = {
  needs: ['pollVotes', 'media'],
  fold: foldPost,
  mediaIds: (events) => events.flatMap((e) => (e.type === 'PostCreated' ? (e.data.media ?? []).map((m) => m.id) : [])),
};
