import type { MessageView } from '@contract';
import { MediaQueries } from '@modules/media';
import { AuthorsQuery } from '@modules/profiles';
import { PRESENCE, type Presence } from '@modules/realtime';
import { RelationshipsQuery } from '@modules/relationships';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import type { ReadModels } from '@platform/read-models';
import { encodeCursor } from '@platform/read-store/core/cursor';
import { InvalidCursorError } from '@platform/read-store/core/errors';
import { READ_MODELS } from '@platform/tokens';
import {
  type ConversationDoc,
  CONVERSATIONS,
  MEMBER_DIRECTORY,
  type MessageDoc,
  MESSAGES,
} from '@projections/messaging';

import { CONVERSATION_NOT_FOUND, NOT_A_PARTICIPANT } from '../domain/conversation.decider';
import { isUuid } from '../http/schemas';
import { MESSAGES_PAGE, USER_SEARCH_MIN } from '../limits';
import { conversationView, messageView } from '../views';

export interface MessagePageQuery {
  /** Older page: messages before this message id. */
  before?: string | undefined;
  /** Catch-up: messages committed after this message (the cursor of the last push received). */
  after?: string | undefined;
  limit?: number | undefined;
}

// A message id is its own keyset cursor: the read store's cursor for an id sort is [id, id].
const cursorAt = (messageId: string) => encodeCursor({ value: messageId, id: messageId });
const IN_LOG_ORDER = { field: 'position', direction: 'asc' } as const;

/** The read side of messaging: conversation list, one conversation, its messages, member search. */
@Injectable()
export class ConversationsQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(PRESENCE) private readonly presence: Presence,
    private readonly authors: AuthorsQuery,
    private readonly media: MediaQueries,
    private readonly relationships: RelationshipsQuery,
  ) {}

  private get conversations() {
    return this.readModels.collection<ConversationDoc>(CONVERSATIONS);
  }

  private get messages() {
    return this.readModels.collection<MessageDoc>(MESSAGES);
  }

  /** The conversation if the viewer is in it: 404 for an unknown id, 403 for someone else's. */
  async authorize(viewerId: string, id: string): Promise<ConversationDoc> {
    const doc = isUuid(id) ? await this.conversations.get(id) : null;
    if (!doc) throw CONVERSATION_NOT_FOUND();
    if (!doc.participants.includes(viewerId)) throw NOT_A_PARTICIPANT();
    return doc;
  }

  async list(viewerId: string, cursor: string | null = null) {
    const page = await this.conversations.find({
      where: { participants: { $contains: viewerId } },
      sort: { field: 'lastUpdated', direction: 'desc' },
      after: cursor,
      limit: 50,
    });
    return { conversations: await this.views(viewerId, page.items), nextCursor: page.nextCursor };
  }

  async one(viewerId: string, id: string) {
    const [view] = await this.views(viewerId, [await this.authorize(viewerId, id)]);
    return view;
  }

  /** The member's conversations, most recent first (presence changes go to these partners). */
  async recentOf(userId: string, limit = 500): Promise<ConversationDoc[]> {
    const page = await this.conversations.find({
      where: { participants: { $contains: userId } },
      sort: { field: 'lastUpdated', direction: 'desc' },
      limit,
    });
    return page.items;
  }

  /** Oldest to newest within the page; without before/after, the newest page. */
  async messagePage(viewerId: string, conversationId: string, q: MessagePageQuery) {
    await this.authorize(viewerId, conversationId);
    const limit = Math.min(Math.max(q.limit ?? MESSAGES_PAGE.default, 1), MESSAGES_PAGE.max);
    const where = { conversationId };
    if (q.after !== undefined) {
      const after = await this.logCursor(q.after, (m) => m.conversationId === conversationId);
      const page = await this.messages.find({ where, sort: IN_LOG_ORDER, after, limit });
      return {
        messages: await this.messageViews(viewerId, page.items),
        hasMore: page.nextCursor !== null,
        nextCursor: page.items.at(-1)?.id ?? q.after,
      };
    }
    const page = await this.messages.find({
      where,
      sort: { field: 'id', direction: 'desc' },
      after: q.before && checkCursor(q.before) ? cursorAt(q.before) : null,
      limit,
    });
    const items = page.items.reverse();
    // nextCursor pages backwards in time: pass it as `before` for older messages.
    return {
      messages: await this.messageViews(viewerId, items),
      hasMore: page.nextCursor !== null,
      nextCursor: page.nextCursor ? (items[0]?.id ?? null) : null,
    };
  }

  /** Everything sent to or by the member after a message, across conversations (socket `sync`). */
  async messagesSince(viewerId: string, after: string, limit: number = MESSAGES_PAGE.max) {
    const cursor = await this.logCursor(after, (m) => m.participants.includes(viewerId));
    // Received and sent apart, each on its own (member, position) index, then merged: one query on
    // the participants array would sort the member's whole history on every sync page.
    const bySide = (side: 'receiverId' | 'senderId') =>
      this.messages.find({ where: { [side]: viewerId }, sort: IN_LOG_ORDER, after: cursor, limit });
    const [received, sent] = await Promise.all([bySide('receiverId'), bySide('senderId')]);
    const merged = [...received.items, ...sent.items].sort((a, b) =>
      a.position < b.position ? -1 : a.position > b.position ? 1 : 0,
    );
    const items = merged.slice(0, limit);
    const hasMore = merged.length > limit || received.nextCursor !== null || sent.nextCursor !== null;
    return { messages: await this.messageViews(viewerId, items), hasMore, cursor: items.at(-1)?.id ?? after };
  }

  /**
   * Clients resume from a message id; what came after it is what the log holds after it, since
   * an id is made before its append and a later commit can carry an earlier id.
   */
  private async logCursor(messageId: string, mayUse: (m: MessageDoc) => boolean): Promise<string | null> {
    if (!checkCursor(messageId)) return null;
    const m = await this.messages.get(messageId);
    if (!m || !mayUse(m)) throw new InvalidCursorError();
    return encodeCursor({ value: m.position, id: m.id });
  }

  async message(viewerId: string, id: string) {
    const m = isUuid(id) ? await this.messages.get(id) : null;
    if (!m) throw new DomainError('MESSAGE_NOT_FOUND', 'Message not found', 404);
    if (!m.participants.includes(viewerId)) throw NOT_A_PARTICIPANT();
    return m;
  }

  /** The message as the read model shows it, or as it was sent while the read model catches up. */
  async sentMessageView(viewerId: string, sent: { id: string; asSent: MessageDoc }): Promise<MessageView> {
    return this.oneView(viewerId, (await this.messages.get(sent.id)) ?? sent.asSent);
  }

  async messageView(viewerId: string, id: string): Promise<MessageView> {
    return this.oneView(viewerId, await this.message(viewerId, id));
  }

  /** One document, one view: messageViews answers a view per document it is given. */
  private async oneView(viewerId: string, doc: MessageDoc): Promise<MessageView> {
    const [view] = await this.messageViews(viewerId, [doc]);
    if (!view) throw new Error(`No view for message ${doc.id}`);
    return view;
  }

  /** Latest message the member received in the conversation, in log order (what "read" moves up to). */
  async lastReceived(conversationId: string, userId: string): Promise<string | null> {
    const page = await this.messages.find({
      where: { conversationId, receiverId: userId },
      sort: { field: 'position', direction: 'desc' },
      limit: 1,
    });
    return page.items[0]?.id ?? null;
  }

  /** The New Message dialog: members by name or username, never yourself nor anyone blocked either way. */
  async searchMembers(viewerId: string, q: string) {
    const text = q.trim();
    if (text.length < USER_SEARCH_MIN)
      throw new DomainError('QUERY_TOO_SHORT', `Search query must be at least ${USER_SEARCH_MIN} characters`, 400);
    const [hits, blocked] = await Promise.all([
      this.readModels.searchIndex(MEMBER_DIRECTORY).query(text, { limit: 41 }),
      this.relationships.blockedWith(viewerId),
    ]);
    const ids = hits
      .map((h) => h.id)
      .filter((id) => id !== viewerId && !blocked.has(id))
      .slice(0, 20);
    const authors = await this.authors.byIds(ids);
    const presence = await this.presence.status(ids);
    return ids
      .map((id) => authors.get(id))
      .filter((a) => !!a)
      .map((a) => ({
        id: a.id,
        name: a.name,
        username: a.username,
        profileImage: a.profileImage,
        isVerified: a.isVerified,
        isOnline: presence.get(a.id)?.isOnline ?? false,
      }));
  }

  private async views(viewerId: string, docs: ConversationDoc[]) {
    const others = docs.map((c) => c.participants.find((p) => p !== viewerId) ?? viewerId);
    const [authors, presence, blocked] = await Promise.all([
      this.authors.byIds(others),
      this.presence.status(others),
      this.relationships.blockedWith(viewerId),
    ]);
    // A block hides presence both ways (the conversation itself stays readable).
    for (const id of blocked) presence.delete(id);
    return docs.map((c) => conversationView(c, viewerId, authors, presence));
  }

  private async messageViews(viewerId: string, docs: MessageDoc[]) {
    const ids = docs.flatMap((m) => (m.replyTo ? [m.senderId, m.replyTo.senderId] : [m.senderId]));
    const mediaIds = docs.flatMap((m) => (m.mediaId ? [m.mediaId] : []));
    const [authors, media] = await Promise.all([
      this.authors.byIds(ids),
      mediaIds.length ? this.media.views(mediaIds, viewerId) : [],
    ]);
    return docs.map((m) => messageView(m, viewerId, authors, new Map(media.map((v) => [v.id, v]))));
  }
}

function checkCursor(cursor: string): boolean {
  if (cursor === '') return false;
  if (!isUuid(cursor)) throw new InvalidCursorError();
  return true;
}
