import type { PersonalData, UserEvent } from '@modules/identity/events';
import type { ConversationEvent, MessageEvent } from '@modules/messaging/events';
import type { ProfileEvent, ProfileFields } from '@modules/profiles/events';
import type { Push } from '@platform/push/push';
import type { PushOutbox } from '@platform/push/push-outbox';

import type { PersonalDataVault } from '../../src/platform/privacy/personal-data-vault';
import type { Collection, Filter } from '../../src/platform/read-store/read-store.port';
import { defineProjector, type EventsOf, type ProjectionContext, type Projector, type Recorded } from '../runner';
import {
  type ConversationDoc,
  CONVERSATIONS,
  conversationsCollection,
  emptySide,
  type LogPlace,
  MEMBER_DIRECTORY,
  MEMBER_NAMES,
  type MemberNameDoc,
  memberNamesCollection,
  type MemberSide,
  type MessageDoc,
  MESSAGES,
  messagesCollection,
  MESSAGING_PROJECTOR,
  PENDING_MAX,
} from './docs';
import { newMessagePush, receiptPush } from './pushes';

type Handled =
  | ConversationEvent
  | MessageEvent
  | EventsOf<UserEvent, 'UserRegistered' | 'AccountDeleted'>
  | ProfileEvent;

const conversationsOf = (ctx: ProjectionContext) => ctx.collection<ConversationDoc>(CONVERSATIONS);
const messagesOf = (ctx: ProjectionContext) => ctx.collection<MessageDoc>(MESSAGES);

/**
 * Conversations and messages, plus a directory of members for the New Message search. Pushes
 * (new_message, messages_read, messages_delivered) are staged in the outbox and leave only once
 * the batch that wrote them has committed.
 */
export function messagingProjector(vault: PersonalDataVault, outbox: PushOutbox | null = null): Projector {
  const pushes = batchPushes(outbox);
  return defineProjector<Handled>({
    name: MESSAGING_PROJECTOR,
    version: 2,
    collections: [conversationsCollection, messagesCollection, memberNamesCollection],
    searchIndexes: [MEMBER_DIRECTORY],
    // Each message reads its conversation: a batch whose conversations are not cached yet (the first
    // message of each since the process started) would read them one after another, one round trip
    // per message, and the batch that slow lets the next one grow. One read per batch instead.
    prefetch(events) {
      const conversations: string[] = [];
      const messages: string[] = [];
      for (const e of events) {
        if (e.type === 'MessageSent') {
          conversations.push(e.data.conversationId);
          if (e.data.replyToId) messages.push(e.data.replyToId);
        } else if (e.type === 'MessagesDelivered' || e.type === 'MessagesRead') {
          // Not `upTo`: a delivery rides with its message, usually in the same batch, which writes
          // it before the mark reads it; prefetching it would read the store for nothing.
          conversations.push(e.data.conversationId);
        } else if (e.type === 'ConversationMuted' || e.type === 'ConversationArchived')
          conversations.push(e.data.conversationId);
      }
      return { [conversationsCollection.name]: conversations, [messagesCollection.name]: messages };
    },
    on: {
      async ConversationStarted({ data }, ctx) {
        const { conversationId, participants, startedAt } = data;
        await conversationsOf(ctx).upsert({
          id: conversationId,
          participants,
          startedAt,
          lastUpdated: startedAt,
          lastMessage: null,
          members: Object.fromEntries(participants.map((p) => [p, emptySide()])),
        });
      },
      ConversationMuted: changeSide,
      ConversationArchived: changeSide,
      MessageSent: (e, ctx) => sendMessage(e, ctx, pushes),
      async MessageStarred({ data }, ctx) {
        const { messageId, userId, starred } = data;
        await messagesOf(ctx).update(
          messageId,
          starred ? { addToSet: { starredBy: userId } } : { removeFromSet: { starredBy: userId } },
        );
      },
      MessagesDelivered: (e, ctx) => markUpToMessage(e, ctx, pushes),
      MessagesRead: (e, ctx) => markUpToMessage(e, ctx, pushes),
      async UserRegistered({ data }, ctx) {
        const pd = await vault.open<PersonalData>(data.userId, data.sealed);
        if (!pd) return;
        await indexMember(ctx, { id: data.userId, username: data.username, displayName: pd.displayName });
      },
      async ProfileUpdated({ data }, ctx) {
        const changes = await vault.open<Partial<ProfileFields>>(data.userId, data.sealed);
        const known = await ctx.collection<MemberNameDoc>(MEMBER_NAMES).get(data.userId);
        if (!changes?.displayName || !known) return;
        await indexMember(ctx, { ...known, displayName: changes.displayName });
      },
      async AccountDeleted(e, ctx) {
        const userId = e.streamId.slice('user-'.length);
        await ctx.collection(MEMBER_NAMES).delete(userId);
        await ctx.searchIndex(MEMBER_DIRECTORY).remove(userId);
      },
    },
  });
}

/**
 * The pushes a batch stages. Its new_message pushes are kept by message id, so a delivery in the
 * same batch can ride on them.
 */
function batchPushes(outbox: PushOutbox | null) {
  const newMessages = new WeakMap<ProjectionContext, Map<string, Push>>();
  const stage = (event: Recorded<Handled>, ctx: ProjectionContext, push: Push) =>
    outbox?.stage(MESSAGING_PROJECTOR, event, ctx, push);
  return {
    stage,
    newMessage(event: Recorded<Handled>, ctx: ProjectionContext, message: MessageDoc) {
      const push = newMessagePush(message);
      stage(event, ctx, push);
      if (!newMessages.has(ctx)) newMessages.set(ctx, new Map());
      newMessages.get(ctx)!.set(message.id, push);
    },
    newMessagesOf: (ctx: ProjectionContext) => newMessages.get(ctx),
  };
}

type BatchPushes = ReturnType<typeof batchPushes>;

async function changeSide(e: Recorded<Handled, 'ConversationMuted' | 'ConversationArchived'>, ctx: ProjectionContext) {
  const c = await conversationsOf(ctx).get(e.data.conversationId);
  const side = c?.members[e.data.userId];
  if (!c || !side) return;
  if (e.type === 'ConversationMuted') side.isMuted = e.data.muted;
  else side.isArchived = e.data.archived;
  await conversationsOf(ctx).upsert(c);
}

async function sendMessage(event: Recorded<Handled, 'MessageSent'>, ctx: ProjectionContext, pushes: BatchPushes) {
  const m = event.data;
  const conversations = conversationsOf(ctx);
  const messages = messagesOf(ctx);
  const c = await conversations.get(m.conversationId);
  if (!c) return;
  const quoted = m.replyToId ? await messages.get(m.replyToId) : null;
  const doc: MessageDoc = {
    id: m.messageId,
    conversationId: m.conversationId,
    participants: c.participants,
    senderId: m.senderId,
    receiverId: m.receiverId,
    content: m.content,
    messageType: m.messageType,
    replyToId: m.replyToId,
    replyTo:
      quoted && quoted.conversationId === m.conversationId
        ? { id: quoted.id, senderId: quoted.senderId, content: quoted.content, messageType: quoted.messageType }
        : null,
    mediaId: m.mediaId ?? null,
    position: event.checkpoint,
    createdAt: m.sentAt,
    isDelivered: false,
    isRead: false,
    starredBy: [],
  };
  await messages.upsert(doc);
  c.lastMessage = {
    id: doc.id,
    messageType: doc.messageType,
    content: doc.content,
    senderId: doc.senderId,
    createdAt: doc.createdAt,
  };
  c.lastUpdated = m.sentAt;
  const side = c.members[m.receiverId];
  if (side) {
    side.unreadCount += 1;
    if (side.undelivered.length < PENDING_MAX) side.undelivered.push({ id: doc.id, position: doc.position });
    else side.undeliveredOverflow = true;
  }
  await conversations.upsert(c);
  pushes.newMessage(event, ctx, doc);
}

/** A delivered or read mark: flags the messages it covers and tells both sides. */
async function markUpToMessage(
  event: Recorded<Handled, 'MessagesDelivered' | 'MessagesRead'>,
  ctx: ProjectionContext,
  pushes: BatchPushes,
) {
  const conversations = conversationsOf(ctx);
  const messages = messagesOf(ctx);
  const { conversationId, userId, upTo } = event.data;
  const [c, mark] = await Promise.all([conversations.get(conversationId), messages.get(upTo)]);
  const side = c?.members[userId];
  if (!c || !side || !mark || mark.conversationId !== conversationId) return;
  const read = event.type === 'MessagesRead';
  // Marks cover what was committed up to the marked message, whatever the ids say.
  const upToPosition = mark.position;
  if (upToPosition <= (read ? side.readPosition : side.deliveredPosition)) return;
  // A message sent to a member who is online is delivered in the same append: its
  // new_message push then says so, and no receipt needs to follow it.
  const staged = pushes.newMessagesOf(ctx);
  const covered = side.undeliveredOverflow ? [] : side.undelivered.filter((p) => p.position <= upToPosition);
  const riding = !read && !!staged && covered.length > 0 && covered.every((p) => staged.has(p.id));
  if (riding) for (const p of covered) (staged.get(p.id)!.payload as { isDelivered: boolean }).isDelivered = true;
  if (read || side.undeliveredOverflow) await markUpTo(messages, conversationId, userId, upToPosition, read);
  else {
    for (const p of covered) await messages.update(p.id, { set: { isDelivered: true } });
  }
  await settlePending(messages, side, conversationId, userId, upToPosition);
  if (read) {
    Object.assign(side, { readUpTo: upTo, readPosition: upToPosition });
    side.unreadCount = await messages.count({ conversationId, receiverId: userId, isRead: false });
  }
  if (upToPosition > side.deliveredPosition)
    Object.assign(side, { deliveredUpTo: upTo, deliveredPosition: upToPosition });
  await conversations.upsert(c);
  if (!riding)
    pushes.stage(
      event,
      ctx,
      receiptPush(read ? 'messages_read' : 'messages_delivered', event.id, c.participants, event.data),
    );
}
async function indexMember(ctx: ProjectionContext, member: MemberNameDoc) {
  await ctx.collection<MemberNameDoc>(MEMBER_NAMES).upsert(member);
  await ctx.searchIndex(MEMBER_DIRECTORY).upsert(member.id, { text: `${member.username} ${member.displayName}` });
}

/** Drops what the mark covers from the pending list; after an overflow, rebuilds it from the read model. */
async function settlePending(
  messages: Collection<MessageDoc>,
  side: MemberSide,
  conversationId: string,
  receiverId: string,
  upToPosition: string,
) {
  if (!side.undeliveredOverflow) {
    side.undelivered = side.undelivered.filter((p) => p.position > upToPosition);
    return;
  }
  const left = await messages.find({
    where: { conversationId, receiverId, isDelivered: false },
    sort: { field: 'position', direction: 'asc' },
    limit: PENDING_MAX + 1,
  });
  side.undeliveredOverflow = left.items.length > PENDING_MAX;
  side.undelivered = side.undeliveredOverflow
    ? []
    : left.items.map((m): LogPlace => ({ id: m.id, position: m.position }));
}

/** Flags the member's received messages committed up to the marked one. */
async function markUpTo(
  messages: Collection<MessageDoc>,
  conversationId: string,
  receiverId: string,
  upToPosition: string,
  read: boolean,
) {
  const where: Filter = read
    ? { conversationId, receiverId, isRead: false }
    : { conversationId, receiverId, isDelivered: false };
  let after: string | null = null;
  do {
    const page: { items: MessageDoc[]; nextCursor: string | null } = await messages.find({ where, after, limit: 500 });
    for (const m of page.items) {
      if (m.position > upToPosition) continue;
      await messages.update(m.id, { set: read ? { isRead: true, isDelivered: true } : { isDelivered: true } });
    }
    after = page.nextCursor;
  } while (after);
}
