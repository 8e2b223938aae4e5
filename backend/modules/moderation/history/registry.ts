import { streamKind } from '../domain/stream-deciders';
import { commentView } from './comment.view';
import { communityView } from './community.view';
import { conversationView } from './conversation.view';
import { courseView } from './course.view';
import { donationView } from './donation.view';
import { messageView } from './message.view';
import { orderView } from './order.view';
import { postView } from './post.view';
import { profileView } from './profile.view';
import type { HistoryView } from './types';
import { userView } from './user.view';

/**
 * Stream prefix (the part before the first '-', as `streamKind` reads it) to what members saw of
 * it. Kinds missing here (reactions, votes, reports, carts, …) have no member-visible view.
 */
export const HISTORY_VIEWS: Readonly<Record<string, HistoryView>> = {
  post: postView as HistoryView,
  comment: commentView as HistoryView,
  profile: profileView as HistoryView,
  user: userView as HistoryView,
  course: courseView as HistoryView,
  order: orderView as HistoryView,
  donation: donationView as HistoryView,
  conversation: conversationView as HistoryView,
  message: messageView as HistoryView,
  community: communityView as HistoryView,
};

export const historyViewOf = (streamId: string): HistoryView | null => HISTORY_VIEWS[streamKind(streamId)] ?? null;
