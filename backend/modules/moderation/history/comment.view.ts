import type { CommentHistoryView } from '@contract';
import type { CommentEvent } from '@modules/social';

import { type HistoryView, mediaOf, type SeenEvent, type ViewContext } from './types';

/** A comment as members saw it, and who took it down (a moderator's deletion keeps its reason). */
export function foldComment(events: readonly SeenEvent<CommentEvent>[], ctx: ViewContext): CommentHistoryView | null {
  let view: CommentHistoryView | null = null;
  for (const e of events) {
    if (e.type === 'CommentAdded') {
      const d = e.data;
      view = {
        kind: 'comment',
        commentId: d.commentId,
        postId: d.postId,
        authorId: d.userId,
        content: d.content,
        media: (d.media ?? []).map((m) => mediaOf(m, ctx.media)),
        audience: d.limited ? 'limited' : 'public',
        createdAt: d.createdAt,
        visibility: { status: 'live' },
      };
    } else if (view && e.type === 'CommentDeleted') {
      const d = e.data;
      const live: CommentHistoryView = view;
      view = { ...live, visibility: { status: 'deleted', by: d.deletedBy, at: d.deletedAt, reason: d.reason ?? null } };
    }
  }
  return view;
}

export const commentView: HistoryView<CommentHistoryView, CommentEvent> = {
  needs: ['media'],
  fold: foldComment,
  mediaIds: (events) => events.flatMap((e) => (e.type === 'CommentAdded' ? (e.data.media ?? []).map((m) => m.id) : [])),
};
