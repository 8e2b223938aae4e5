import { Inject, Injectable } from '@nestjs/common';
import type { ProjectionProgress } from '@platform/read-models';
import type { ConversationDoc, MessageDoc } from '@projections/messaging';
import { MESSAGING_PROJECTOR } from '@projections/messaging';

import { CommandExecutor, type TimedCommand } from '../../src/platform/decider/command-executor';
import { DomainError } from '../../src/platform/decider/decider';
import { type CommandMetadata, commandTime, eventMetadata } from '../../src/platform/decider/handle-command';
import type { EventStore } from '../../src/platform/event-store/event-store.port';
import { newId } from '../../src/platform/ids';
import { preciseNow } from '../../src/platform/metrics/write-phases';
import { EVENT_STORE, PROJECTION_PROGRESS } from '../../src/platform/tokens';
import { checkMediaPolicy, classifyMedia, MediaIngestService, MediaQueries, MediaRejectedError } from '../media';
import { AuthorsQuery } from '../profiles';
import { PRESENCE, type Presence } from '../realtime';
import { RelationshipsQuery } from '../relationships';
import {
  BLOCKED,
  type ConversationCommand,
  conversationDecider,
  type ConversationState,
} from './domain/conversation.decider';
import { conversationIdFor, conversationStream, type MessageSentData, messageStream, type MessageType } from './events';
import { isUuid } from './http/schemas';
import { ConversationsQueries } from './queries/conversations.queries';

const WAIT = [MESSAGING_PROJECTOR] as const;
/** A message with an uploaded file also waits for the media read model (its audience). */
const WITH_MEDIA = [MESSAGING_PROJECTOR, 'media'] as const;

export interface SendInput {
  content: string;
  messageType: MessageType;
  replyToId?: string | undefined;
  conversationId?: string | undefined;
  receiverId?: string | undefined;
  /** The file of an image, video or audio message. */
  file?: { filename: string; buffer: Buffer } | undefined;
  /** Or the file sent before through the chunked upload API (`private: true`), by its media id. */
  mediaId?: string | undefined;
}

/** Commands of messaging; every answer waits until the messaging read model shows the change. */
@Injectable()
export class MessagingService {
  /** Participants never change once a conversation starts, so a send need not reread the stream. */
  private readonly started = new Map<string, ConversationState>();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(PRESENCE) private readonly presence: Presence,
    private readonly commands: CommandExecutor,
    private readonly relationships: RelationshipsQuery,
    private readonly authors: AuthorsQuery,
    private readonly query: ConversationsQueries,
    private readonly ingest: MediaIngestService,
    private readonly media: MediaQueries,
  ) {}

  /** The pair's conversation, started if need be (POST /api/conversations returns an existing one). */
  async start(userId: string, otherId: string, meta: CommandMetadata): Promise<string> {
    await this.checkPartner(userId, otherId);
    return this.open(startCommand(userId, otherId, commandTime(meta)), meta);
  }

  private async checkPartner(userId: string, otherId: string) {
    if (!isUuid(otherId) || !(await this.authors.byIds([otherId])).has(otherId))
      throw new DomainError('USER_NOT_FOUND', 'User not found', 404);
    if (otherId !== userId && (await this.relationships.blockedEitherWay(userId, otherId))) throw BLOCKED();
  }

  /**
   * `withMessage`: the conversation starts with a first message that was found to have no stream,
   * whose own wait covers the start (the projector takes the log in order): the start is appended
   * unread and does not wait on its own, so a first message waits for the read model once, not twice.
   */
  private async open(command: StartCommand, meta: CommandMetadata, withMessage = false): Promise<string> {
    const { state } = await this.commands.execute(
      conversationStream(command.conversationId),
      conversationDecider,
      command,
      meta,
      withMessage ? { waitFor: 'none', newStream: true } : { waitFor: WAIT },
    );
    this.remember(command.conversationId, state);
    return command.conversationId;
  }

  /**
   * Sends a message; answers what the read model will show. When the read model has not caught up
   * within the read-your-writes bound, the message is sent all the same: the answer is then built
   * from the event (a 404 would make a client send it twice).
   */
  async send(senderId: string, input: SendInput, meta: CommandMetadata): Promise<SentMessage> {
    const startedAt = preciseNow();
    const conversationId = input.conversationId ?? conversationIdFor(senderId, input.receiverId!);
    const now = commandTime(meta);
    let state = await this.participantsOf(conversationId);
    // The first message to a member starts their conversation, but only once every rule below
    // has taken the message: a refused one leaves no empty conversation behind.
    const start = !state.id && !input.conversationId ? startCommand(senderId, input.receiverId!, now) : null;
    if (start) {
      await this.checkPartner(senderId, start.with);
      state = conversationDecider.decide(state, start).reduce((s, e) => conversationDecider.evolve(s, e), state);
    }
    const receiverId = state.participants.find((p) => p !== senderId);
    if (input.receiverId && state.id && state.participants.includes(senderId) && input.receiverId !== receiverId) {
      throw new DomainError('RECEIVER_MISMATCH', 'receiverId is not the other member of this conversation', 400);
    }
    if (input.replyToId) {
      const quoted = await this.query.message(senderId, input.replyToId).catch(() => null);
      if (!quoted || quoted.conversationId !== conversationId)
        throw new DomainError('REPLY_NOT_FOUND', 'The message you reply to was not found', 400);
    }
    // Asked together, not one after the other: each is a round trip, and a busy process answers
    // each late. A first message's partner was checked when its conversation was started above.
    // Delivered means the recipient had a socket open when it was sent (or opens one later);
    // viewing means they had this conversation open, so no notification is due.
    const [blocked, recipient] = await Promise.all([
      !start && !!receiverId && state.participants.includes(senderId)
        ? this.relationships.blockedEitherWay(senderId, receiverId)
        : false,
      receiverId ? this.presence.recipient(receiverId, conversationId) : null,
    ]);
    const messageId = newId();
    const recipientViewing = recipient?.viewing ?? false;
    const command = {
      type: 'Send' as const,
      messageId,
      senderId,
      content: input.content,
      messageType: input.messageType,
      replyToId: input.replyToId ?? null,
      media: input.file
        ? { id: '', kind: await this.kindOf(input.file) }
        : input.mediaId
          ? await this.uploaded(senderId, input.mediaId)
          : null,
      blocked,
      recipientViewing,
      now,
    };
    // Every rule is checked before the file is stored, so a refused message leaves nothing behind.
    let events = conversationDecider.decide(state, command);
    if (input.file && command.media) {
      // A private conversation's file is for its two members only.
      const media = await this.ingest.ingest(
        {
          ownerId: senderId,
          source: { buffer: input.file.buffer },
          purpose: 'post',
          filename: input.file.filename,
          audience: state.participants,
        },
        meta,
      );
      events = conversationDecider.decide(state, { ...command, media: { id: media.id, kind: media.kind } });
    }
    if (start) await this.open(start, meta, true);
    // The delivery goes into the message's own stream, in the same append: a busy conversation's
    // stream does not grow by one event per message, and concurrent senders still never conflict.
    const delivered = recipient?.isOnline
      ? [{ type: 'MessagesDelivered', data: { conversationId, userId: receiverId, upTo: messageId, at: now } }]
      : [];
    const appended = await this.eventStore.appendToStream(
      messageStream(messageId),
      [...events, ...delivered].map((e) => ({ type: e.type, data: e.data, metadata: eventMetadata(meta) })),
      'no_stream',
    );
    // An uploaded file gets the conversation's two members as its audience from the media
    // projection: the recipient can open it as soon as the message shows.
    await this.waitFor(appended.checkpoint, input.mediaId ? WITH_MEDIA : WAIT, { metadata: meta, startedAt });
    const sent = events.find((e) => e.type === 'MessageSent')!.data as MessageSentData;
    const [first] = appended.events;
    if (!first) throw new Error(`appending message ${messageId} recorded no events`);
    return { id: messageId, asSent: sentDoc(sent, state.participants, delivered.length > 0, first.checkpoint) };
  }

  async markRead(userId: string, conversationId: string, meta: CommandMetadata): Promise<string | null> {
    const conversation = await this.query.authorize(userId, conversationId);
    const upTo = await this.query.lastReceived(conversationId, userId);
    if (upTo) await this.mark('MarkRead', userId, conversation, upTo, meta);
    return upTo;
  }

  /** Marks what the member has received as delivered (their socket is connected). */
  async markDelivered(userId: string, conversationId: string, upTo: string, meta: CommandMetadata): Promise<void> {
    await this.mark('MarkDelivered', userId, await this.query.authorize(userId, conversationId), upTo, meta);
  }

  async setMuted(userId: string, conversationId: string, muted: boolean, meta: CommandMetadata) {
    await this.query.authorize(userId, conversationId);
    await this.commands.execute(
      conversationStream(conversationId),
      conversationDecider,
      { type: 'SetMuted', userId, muted },
      meta,
      { waitFor: WAIT },
    );
  }

  async setArchived(userId: string, conversationId: string, archived: boolean, meta: CommandMetadata) {
    await this.query.authorize(userId, conversationId);
    await this.commands.execute(
      conversationStream(conversationId),
      conversationDecider,
      { type: 'SetArchived', userId, archived },
      meta,
      { waitFor: WAIT },
    );
  }

  async star(userId: string, messageId: string, starred: boolean, meta: CommandMetadata) {
    const message = await this.query.message(userId, messageId);
    const result = await this.eventStore.appendToStream(
      messageStream(messageId),
      [
        {
          type: 'MessageStarred',
          data: { messageId, conversationId: message.conversationId, userId, starred },
          metadata: eventMetadata(meta),
        },
      ],
      'stream_exists',
    );
    await this.waitFor(result.checkpoint);
  }

  /**
   * A mark goes into the marked message's stream, as a delivery appended with its message does: in
   * the conversation's stream every read would add an event that every later mark replays. The
   * decider sees the member's last marks as the read model has them; a mark repeated by a race
   * moves nothing (the projector only moves marks forward in the log).
   */
  private async mark(
    type: 'MarkRead' | 'MarkDelivered',
    userId: string,
    conversation: ConversationDoc,
    upTo: string,
    meta: CommandMetadata,
  ) {
    const side = conversation.members[userId];
    const state: ConversationState = {
      ...conversationDecider.initialState(),
      id: conversation.id,
      participants: conversation.participants,
      readUpTo: { [userId]: side?.readUpTo ?? '' },
      deliveredUpTo: { [userId]: side?.deliveredUpTo ?? '' },
    };
    const events = conversationDecider.decide(state, { type, userId, upTo, now: new Date().toISOString() });
    if (!events.length) return;
    const appended = await this.eventStore.appendToStream(
      messageStream(upTo),
      events.map((e) => ({ type: e.type, data: e.data, metadata: eventMetadata(meta) })),
      'stream_exists',
    );
    // Reading is shown at once (unread counts, notifications); nobody waits on a delivery.
    if (type === 'MarkRead')
      await this.commands.waitFor(
        appended.checkpoint,
        this.progress.affectedBy(events.map((e) => e.type)),
        'mark-read',
      );
  }

  /**
   * What the bytes are (never the file name), as ingest will record it: a voice note recorded into
   * a WebM/MP4 is audio. A type the rules refuse answers 413/415 here.
   */
  private async kindOf(file: { filename: string; buffer: Buffer }): Promise<string> {
    const type = await classifyMedia(file.buffer);
    const rejection = checkMediaPolicy(type, file.buffer.length, 'post', file.filename || 'File');
    if (rejection) throw new MediaRejectedError(rejection);
    return type!.kind;
  }

  private async participantsOf(conversationId: string): Promise<ConversationState> {
    const cached = this.started.get(conversationId);
    if (cached) return cached;
    if (!isUuid(conversationId)) return conversationDecider.initialState();
    const history = await this.eventStore.readStream(conversationStream(conversationId), { maxCount: 1 });
    const state = history.reduce(
      (s, e) => conversationDecider.evolve(s, { type: e.type, data: e.data } as never),
      conversationDecider.initialState(),
    );
    this.remember(conversationId, state);
    return state;
  }

  private remember(conversationId: string, state: ConversationState) {
    if (!state.id) return;
    if (this.started.size >= 50_000) this.started.clear();
    this.started.set(conversationId, state);
  }

  private async waitFor(checkpoint: string, projectors: readonly string[] = WAIT, command?: TimedCommand) {
    await this.commands.waitFor(checkpoint, projectors, 'message', command);
  }

  /**
   * A file the sender uploaded in chunks for a message: theirs, still seen by them alone (a private
   * upload no message has shared yet), and not failed. Its kind is held to the messageType by the
   * decider like an attached file's.
   */
  private async uploaded(senderId: string, mediaId: string): Promise<{ id: string; kind: string }> {
    const item = await this.media.get(mediaId);
    const ownOnly = item?.audience?.length === 1 && item.audience[0] === senderId;
    if (!item || item.ownerId !== senderId || !ownOnly)
      throw new DomainError('MEDIA_NOT_FOUND', 'The file of this message was not found', 400);
    if (item.status === 'failed')
      throw new DomainError(
        'MEDIA_FAILED',
        item.error?.message ?? 'The file of this message could not be processed',
        422,
      );
    return { id: item.id, kind: item.kind };
  }
}

export interface SentMessage {
  id: string;
  /** The message as the projector writes it, for an answer before the read model shows it. */
  asSent: MessageDoc;
}

type StartCommand = Extract<ConversationCommand, { type: 'Start' }>;

const startCommand = (by: string, other: string, now: string): StartCommand => ({
  type: 'Start',
  conversationId: conversationIdFor(by, other),
  by,
  with: other,
  now,
});

function sentDoc(m: MessageSentData, participants: string[], delivered: boolean, position: string): MessageDoc {
  return {
    id: m.messageId,
    conversationId: m.conversationId,
    participants,
    senderId: m.senderId,
    receiverId: m.receiverId,
    content: m.content,
    messageType: m.messageType,
    replyToId: m.replyToId,
    // The quoted message's text is the read model's to add; the id is enough until then.
    replyTo: null,
    mediaId: m.mediaId ?? null,
    position,
    createdAt: m.sentAt,
    isDelivered: delivered,
    isRead: false,
    starredBy: [],
  };
}
