import type { UserEvent } from '@modules/identity/events';
import type { ConversationEvent, MessageEvent } from '@modules/messaging/events';
import type { ModerationCaseEvent } from '@modules/moderation/events';
import type { InboxEvent } from '@modules/notifications/events';
import type { RelationshipEvent } from '@modules/relationships/events';
import type { CommentEvent, PostEvent, ReactionEvent } from '@modules/social/events';
import type { PushOutbox } from '@platform/push/push-outbox';

import { defineProjector, type EventsOf, type ProjectionContext, type Projector, type Recorded } from '../runner';
import * as community from './communities';
import {
  blockId,
  type MemberDoc,
  NOTIFICATIONS,
  NOTIFICATIONS_PROJECTOR,
  NOTIFY_ADMINS,
  NOTIFY_BLOCKS,
  NOTIFY_COMMUNITIES,
  NOTIFY_COMMUNITY_MEMBERS,
  NOTIFY_COURSES,
  NOTIFY_DONATION_WATCHERS,
  NOTIFY_MEMBERS,
  NOTIFY_MUTES,
  NOTIFY_ORDERS,
  NOTIFY_ORPHANS,
  NOTIFY_POSTS,
  NOTIFY_STAFF,
  NOTIFY_UNREAD,
  type PostAuthorDoc,
  type UnreadDoc,
} from './docs';
import type { LearningHandled } from './learning';
import * as learning from './learning';
import { forgetStaff, moderationAction, postNotice, type PostNoticeEvent, staffRoleChanged } from './moderation';
import { Notifier, type UnreadCounts } from './notifier';
import type { SupportHandled } from './support';
import * as support from './support';

type Handled =
  | EventsOf<MessageEvent, 'MessageSent'>
  | EventsOf<ConversationEvent, 'ConversationMuted' | 'MessagesRead'>
  | EventsOf<UserEvent, 'UserRegistered' | 'AccountDeleted'>
  | EventsOf<PostEvent, 'PostCreated' | 'PostDeleted'>
  | PostNoticeEvent
  | CommentEvent
  | EventsOf<ReactionEvent, 'PostLiked' | 'PostUnliked' | 'PostReposted' | 'PostUnreposted'>
  | EventsOf<RelationshipEvent, 'UserFollowed' | 'UserUnfollowed' | 'UserBlocked' | 'UserUnblocked'>
  | InboxEvent
  | ModerationCaseEvent
  | LearningHandled
  | SupportHandled
  | community.CommunityHandled;

type Handler<T extends Handled['type']> = (e: Recorded<Handled, T>, ctx: ProjectionContext) => Promise<void>;
type NotifyingHandler<T extends Handled['type']> = (
  e: Recorded<Handled, T>,
  n: Notifier,
  ctx: ProjectionContext,
) => Promise<void>;

const postsOf = (ctx: ProjectionContext) => ctx.collection<PostAuthorDoc>(NOTIFY_POSTS);
/** The member whose inbox stream (`inbox-<id>`) an event is on. */
const inboxOwner = (e: { streamId: string }) => e.streamId.slice('inbox-'.length);

/**
 * Notifications for likes, comments, mentions, reposts, quotes, follows and direct messages. Never
 * about a member's own actions, never between members where either blocked the other; taking an
 * action back (unlike, unfollow, deleting the comment or post) takes its notification back too.
 * A message notifies unless the recipient had the conversation open or muted it, and reading the
 * conversation reads its notifications. Each new notification, and each change of a member's unread
 * count, is pushed to their sockets once the batch has committed.
 */
export function notificationsProjector(outbox: PushOutbox | null = null): Projector {
  /** Per batch: members whose unread count goes out with this batch's pushes. */
  const counted = new WeakMap<ProjectionContext, UnreadCounts>();
  const countsOf = (ctx: ProjectionContext) => {
    let counts = counted.get(ctx);
    if (!counts) counted.set(ctx, (counts = new Map()));
    return counts;
  };
  /** A handler that notifies, given the event's Notifier. */
  const notifying =
    <T extends Handled['type']>(handle: NotifyingHandler<T>): Handler<T> =>
    (e, ctx) =>
      handle(e, new Notifier(ctx, e, actionTime(e), outbox, countsOf(ctx)), ctx);
  return defineProjector<Handled>({
    name: NOTIFICATIONS_PROJECTOR,
    // 5: each member's unread count kept as a document (notify_unread), filled from the whole log.
    // 6: donations_opened for the members on the notify-me list (notify_donation_watchers).
    // 7: a reporter's outcome notice in English and Arabic, from the platform rather than the moderator.
    // 8: community notices (new posts, announcements, join requests and approvals).
    // 9: a refund's notice to the buyer (order_refunded).
    // 10: an appeal's notice to the app's moderators and admins (notify_staff); a community's
    //     moderators found by index (a join no longer reads every member).
    // 11: donation notices carry their facts ('KSh 500 · ORP-KE-0042'), said in the reader's language.
    // 12: a private community's quotes, comments and reactions reach their author only while in it.
    version: 12,
    collections: [
      {
        name: NOTIFICATIONS,
        indexes: [
          { fields: ['userId'], sort: { field: 'position' } },
          { fields: ['userId', 'isRead'] },
          { fields: ['targetId'] },
          { fields: ['actorId'] },
        ],
      },
      { name: NOTIFY_MEMBERS, indexes: [{ fields: ['usernameLower'] }] },
      { name: NOTIFY_POSTS },
      { name: NOTIFY_BLOCKS },
      { name: NOTIFY_MUTES },
      { name: NOTIFY_COURSES },
      { name: NOTIFY_ORDERS },
      { name: NOTIFY_ADMINS },
      { name: NOTIFY_STAFF },
      { name: NOTIFY_ORPHANS },
      { name: NOTIFY_UNREAD },
      { name: NOTIFY_DONATION_WATCHERS, indexes: [{ fields: ['userId'] }, { fields: ['confirmed'] }] },
      { name: NOTIFY_COMMUNITIES },
      {
        name: NOTIFY_COMMUNITY_MEMBERS,
        indexes: [{ fields: ['communityId'] }, { fields: ['communityId', 'moderator'] }],
      },
    ],
    // A burst of messages asks about the same mutes, blocks and unread counts: one read each per batch.
    prefetch(events) {
      const mutes: string[] = [];
      const blocks: string[] = [];
      const unread: string[] = [];
      for (const e of events) {
        if (e.type !== 'MessageSent') continue;
        const m = e.data;
        mutes.push(`${m.conversationId}:${m.receiverId}`);
        blocks.push(blockId(m.receiverId, m.senderId), blockId(m.senderId, m.receiverId));
        if (!m.recipientViewing) unread.push(m.receiverId);
      }
      return { [NOTIFY_MUTES]: mutes, [NOTIFY_BLOCKS]: blocks, [NOTIFY_UNREAD]: unread };
    },
    // Each push of the batch carries its member's unread count as the batch leaves it.
    async afterBatch(ctx: ProjectionContext) {
      const counts = counted.get(ctx);
      if (!counts) return;
      const unread = ctx.collection<UnreadDoc>(NOTIFY_UNREAD);
      for (const [userId, payloads] of counts) {
        const unreadCount = (await unread.get(userId))?.count ?? 0;
        for (const payload of payloads) payload.unreadCount = unreadCount;
      }
    },
    on: {
      MessageSent: notifying(messageSent),
      async ConversationMuted({ data }, ctx) {
        const id = `${data.conversationId}:${data.userId}`;
        if (data.muted) await ctx.collection(NOTIFY_MUTES).upsert({ id });
        else await ctx.collection(NOTIFY_MUTES).delete(id);
      },
      MessagesRead: notifying(({ data }, n) => n.readConversation(data.userId, data.conversationId)),
      async UserRegistered({ data }, ctx) {
        await ctx
          .collection<MemberDoc>(NOTIFY_MEMBERS)
          .upsert({ id: data.userId, usernameLower: data.username.toLowerCase() });
      },
      AccountDeleted: notifying(async (e, n, ctx) => {
        await n.forgetMember(e.streamId.slice('user-'.length));
        await support.forgetSupportMember(e.streamId.slice('user-'.length), ctx);
        await forgetStaff(e.streamId.slice('user-'.length), ctx);
      }),
      PostCreated: notifying(postCreated),
      PostDeleted: notifying(({ data }, n) => n.dropTarget(data.postId)),
      ModerationActionTaken: notifying(moderationAction),
      PostHidden: notifying(postNotice),
      PostRestored: notifying(postNotice),
      PostAppealed: notifying(postNotice),
      PostAppealRejected: notifying(postNotice),
      CommentAdded: notifying(commentAdded),
      CommentDeleted: notifying(({ data }, n) => n.takeBack(`comment:${data.commentId}`)),
      PostLiked: notifying(postReacted),
      PostReposted: notifying(postReacted),
      PostUnliked: notifying(reactionTakenBack),
      PostUnreposted: notifying(reactionTakenBack),
      UserFollowed: notifying(({ data: d }, n) =>
        n.notify(
          `follow:${d.followerId}:${d.followeeId}`,
          d.followeeId,
          d.followerId,
          'follow',
          d.followerId,
          'user',
          '',
        ),
      ),
      UserUnfollowed: notifying(({ data }, n) => n.takeBack(`follow:${data.followerId}:${data.followeeId}`)),
      UserBlocked: notifying(async ({ data }, n, ctx) => {
        await ctx.collection(NOTIFY_BLOCKS).upsert({ id: blockId(data.blockerId, data.blockedId) });
        await n.dropBetween(data.blockerId, data.blockedId);
      }),
      async UserUnblocked({ data }, ctx) {
        await ctx.collection(NOTIFY_BLOCKS).delete(blockId(data.blockerId, data.blockedId));
      },
      NotificationRead: notifying((e, n) => n.markRead(inboxOwner(e), e.data.notificationId)),
      AllNotificationsRead: notifying((e, n) => n.markAllRead(inboxOwner(e))),
      NotificationDeleted: notifying((e, n) => n.deleteOwn(inboxOwner(e), e.data.notificationId)),
      TeacherApplicationApproved: notifying(learning.approved),
      TeacherApplicationRejected: notifying(learning.rejected),
      CourseCreated: learning.courseCreated,
      CourseEdited: learning.courseEdited,
      OrderPlaced: learning.orderPlaced,
      OrderPaid: notifying(learning.orderPaid),
      OrderRefunded: notifying(learning.orderRefunded),
      ReviewWritten: notifying(learning.reviewWritten),
      ReviewReplied: notifying(learning.reviewReplied),
      CertificateIssued: notifying(learning.certificateIssued),
      async RoleChanged(e, ctx) {
        await support.roleChanged(e, ctx);
        await staffRoleChanged(e, ctx);
      },
      OrphanRegistered: support.orphanRegistered,
      OrphanEdited: support.orphanEdited,
      DonationPaid: notifying(support.donationPaid),
      DonationsOpenSubscribed: support.notifyMeSubscribed,
      DonationsOpenConfirmed: support.notifyMeConfirmed,
      DonationsOpenUnsubscribed: support.notifyMeUnsubscribed,
      DonationsOpened: notifying(support.donationsOpened),
      CommunityCreated: community.communityChanged,
      CommunityUpdated: community.communityChanged,
      CommunityJoined: notifying(community.joined),
      CommunityJoinRequested: notifying(community.requested),
      CommunityJoinRequestWithdrawn: notifying<'CommunityJoinRequestWithdrawn'>(community.requestSettled),
      CommunityJoinRequestDeclined: notifying<'CommunityJoinRequestDeclined'>(community.requestSettled),
      CommunityMemberInvited: community.communityChanged,
      CommunityLeft: community.communityChanged,
      CommunityRoleChanged: community.communityChanged,
      CommunityOwnershipTransferred: community.communityChanged,
      CommunityMemberMuted: community.communityChanged,
      CommunityMemberUnmuted: community.communityChanged,
      CommunityMemberBanned: notifying<'CommunityMemberBanned'>(community.requestSettled),
      CommunityMemberUnbanned: community.communityChanged,
      CommunitySettingsChanged: community.communityChanged,
      CommunityPostPinned: notifying(community.pinned),
      CommunityPostUnpinned: community.communityChanged,
      CommunityReportsDismissed: community.communityChanged,
      CommunityPostRemoved: notifying(({ data }, n) => n.dropTarget(data.postId)),
      CommunityDeleted: notifying(community.deleted),
    },
  });
}

/**
 * When the notified action happened: the event's own time (`at`, else `createdAt`), else when it was
 * recorded (a message carries neither).
 */
function actionTime(e: Recorded<Handled>): string {
  const d = e.data;
  return ('at' in d ? d.at : undefined) ?? ('createdAt' in d ? d.createdAt : undefined) ?? e.metadata.occurredAt;
}

async function messageSent({ data: m }: Recorded<Handled, 'MessageSent'>, n: Notifier, ctx: ProjectionContext) {
  if (m.recipientViewing) return;
  if (await ctx.collection(NOTIFY_MUTES).get(`${m.conversationId}:${m.receiverId}`)) return;
  const type = m.messageType === 'audio' ? 'voice_message' : m.replyToId ? 'reply' : 'message';
  // A message's notification id is named by its MessageSent alone (a new stream each message).
  const fresh = { fresh: true };
  await n.notify(
    `message:${m.messageId}`,
    m.receiverId,
    m.senderId,
    type,
    m.conversationId,
    'conversation',
    m.content,
    fresh,
  );
}

async function postCreated(e: Recorded<Handled, 'PostCreated'>, n: Notifier, ctx: ProjectionContext) {
  const d = e.data;
  const privateIn = d.community?.private ? d.community.id : null;
  await postsOf(ctx).upsert({
    id: d.postId,
    userId: d.userId,
    content: d.content ?? '',
    ...(privateIn ? { private: true, communityId: privateIn } : {}),
  });
  if (d.limited) return;
  // A private community's post is for its members: a mention must not carry its text to anyone else.
  const mayRead = privateIn ? community.inCommunity(ctx, privateIn) : undefined;
  await n.mentions(d.mentions, d.userId, d.postId, 'post', d.content, undefined, mayRead);
  await community.posted(e, n, ctx);
  if (!d.quotedPostId) return;
  const quoted = await postsOf(ctx).get(d.quotedPostId);
  // A quote in a private community tells the quoted author only when they are in it too.
  if (quoted && (!mayRead || (await mayRead(quoted.userId))))
    await n.notify(`quote:${d.postId}`, quoted.userId, d.userId, 'quote', d.postId, 'post', d.content);
}

/** Whether a member reads a post now: a private community's post, only while they are in it. */
async function readsPost(ctx: ProjectionContext, post: PostAuthorDoc, userId: string): Promise<boolean> {
  if (post.private !== true) return true;
  return !!post.communityId && (await community.inCommunity(ctx, post.communityId)(userId));
}

async function commentAdded({ data: d }: Recorded<Handled, 'CommentAdded'>, n: Notifier, ctx: ProjectionContext) {
  if (d.limited) return;
  const post = await postsOf(ctx).get(d.postId);
  // The author of a private community's post who has left it hears nothing more of it.
  if (post && (await readsPost(ctx, post, post.userId)))
    await n.notify(`comment:${d.commentId}`, post.userId, d.userId, 'comment', d.postId, 'post', d.content);
  const mayRead = post?.communityId ? community.inCommunity(ctx, post.communityId) : undefined;
  // A private post always names its community: without one, no mention goes out.
  if (post?.private === true && !mayRead) return;
  await n.mentions(d.mentions, d.userId, d.postId, 'post', d.content, `comment:${d.commentId}`, mayRead);
}

async function postReacted(e: Recorded<Handled, 'PostLiked' | 'PostReposted'>, n: Notifier, ctx: ProjectionContext) {
  const type = e.type === 'PostLiked' ? 'like' : 'repost';
  const { postId, userId } = e.data;
  const post = await postsOf(ctx).get(postId);
  if (post && (await readsPost(ctx, post, post.userId)))
    await n.notify(`${type}:${postId}:${userId}`, post.userId, userId, type, postId, 'post', post.content);
}

async function reactionTakenBack(e: Recorded<Handled, 'PostUnliked' | 'PostUnreposted'>, n: Notifier) {
  const type = e.type === 'PostUnliked' ? 'like' : 'repost';
  await n.takeBack(`${type}:${e.data.postId}:${e.data.userId}`);
}
