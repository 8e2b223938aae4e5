import {
  type ConversationCommand,
  conversationDecider,
  type ConversationState,
} from '@modules/messaging/domain/conversation.decider';
import { conversationIdFor, conversationStream, messageStream } from '@modules/messaging/events';
import type { EventStore, NewEvent, RecordedEvent } from '@platform/event-store/event-store.port';
import { newId } from '@platform/ids';
import { PersonalDataVault } from '@platform/privacy/personal-data-vault';
import type { Push } from '@platform/push/push';
import { PushOutbox } from '@platform/push/push-outbox';
import type { ReadStore } from '@platform/read-store/read-store.port';

import { applyBatch } from '../runner/apply-batch';
import { ensureBookkeeping, ensureGeneration } from '../runner/collections';
import { CommittedDocs } from '../runner/committed-docs';
import { physicalName } from '../runner/projector';
import { storeFactories } from '../runner/testing/stores';
import { type ConversationDoc, CONVERSATIONS, type MessageDoc, MESSAGES } from './docs';
import { messagingProjector } from './messaging.projector';

const A = '0190d7c4-0000-7000-8000-00000000000a';
const B = '0190d7c4-0000-7000-8000-00000000000b';
const ID = conversationIdFor(A, B);

describe.each(storeFactories())('messaging projector (%s)', (_engine, makeStores) => {
  let eventStore: EventStore;
  let readStore: ReadStore;
  let vault: PersonalDataVault;
  let dispose: () => Promise<void>;
  let state: ConversationState;

  beforeEach(async () => {
    ({ eventStore, readStore, dispose } = await makeStores());
    vault = new PersonalDataVault(readStore);
    await vault.init();
    await ensureBookkeeping(readStore);
    state = conversationDecider.initialState();
  });
  afterEach(() => dispose());

  const now = () => new Date().toISOString();
  /** Decides like MessagingService: conversation events on its stream, a message on its own. */
  async function run(command: ConversationCommand) {
    const events = conversationDecider.decide(state, command);
    for (const e of events) state = conversationDecider.evolve(state, e);
    const stream = command.type === 'Send' ? messageStream(command.messageId) : conversationStream(ID);
    await eventStore.appendToStream(stream, events as NewEvent[], 'any');
  }
  const send = async (senderId: string, content: string, replyToId: string | null = null) => {
    const messageId = newId();
    await run({
      type: 'Send',
      messageId,
      senderId,
      content,
      messageType: 'text',
      replyToId,
      media: null,
      blocked: false,
      recipientViewing: false,
      now: now(),
    });
    return messageId;
  };

  async function project(generation: number, size: number, outbox: PushOutbox | null = null, cache?: CommittedDocs) {
    const projector = messagingProjector(vault, outbox);
    await ensureGeneration(readStore, projector, generation);
    const log: RecordedEvent[] = await eventStore.readAll();
    for (let i = 0; i < log.length; i += size) {
      const checkpoint = await applyBatch(readStore, projector, generation, log.slice(i, i + size), { cache });
      if (checkpoint) outbox?.committed(projector.name, checkpoint);
    }
    const conversations = (
      await readStore.collection<ConversationDoc>(physicalName(CONVERSATIONS, generation)).find({ limit: 100 })
    ).items;
    const messages = (await readStore.collection<MessageDoc>(physicalName(MESSAGES, generation)).find({ limit: 100 }))
      .items;
    return { conversations, messages };
  }

  it('builds conversations and messages the same whatever the batch size, and pushes after each commit', async () => {
    await run({ type: 'Start', conversationId: ID, by: A, with: B, now: now() });
    const m1 = await send(A, 'Salaam');
    const m2 = await send(B, 'Wa salaam', m1);
    await send(A, 'How are you?');
    await run({ type: 'MarkDelivered', userId: B, upTo: m1, now: now() });
    await run({ type: 'MarkRead', userId: A, upTo: m2, now: now() });
    await run({ type: 'SetMuted', userId: B, muted: true });

    const pushes: Push[] = [];
    const outbox = new PushOutbox();
    outbox.attach({ publish: (p) => pushes.push(p) });
    const one = await project(1, 1, outbox);
    const whole = await project(2, 1000);
    expect(whole).toEqual(one);
    // Batch after batch through the runner's cache (what the live runner does) gives the same.
    expect(await project(3, 1, null, new CommittedDocs())).toEqual(one);

    const [c] = one.conversations;
    expect(c!.lastMessage).toMatchObject({ content: 'How are you?', senderId: A });
    expect(c!.members[A]).toMatchObject({ unreadCount: 0, readUpTo: m2, deliveredUpTo: m2, isMuted: false });
    expect(c!.members[B]).toMatchObject({ unreadCount: 2, deliveredUpTo: m1, isMuted: true });
    const byId = new Map(one.messages.map((m) => [m.id, m]));
    expect(byId.get(m1)).toMatchObject({ isDelivered: true, isRead: false });
    expect(byId.get(m2)).toMatchObject({ isRead: true, replyTo: { id: m1, senderId: A, content: 'Salaam' } });

    expect(pushes.map((p) => p.event)).toEqual([
      'new_message',
      'new_message',
      'new_message',
      'messages_delivered',
      'messages_read',
    ]);
    expect(pushes[0]).toMatchObject({
      id: m1,
      rooms: [`user:${B}`, `user:${A}`],
      payload: { cursor: m1, content: 'Salaam', isStarred: false },
    });
    expect(pushes[4]!.payload).toMatchObject({ conversationId: ID, readerId: A, upTo: m2 });
  });

  it('marks delivery past the pending list from the read model, and starts tracking again', async () => {
    await run({ type: 'Start', conversationId: ID, by: A, with: B, now: now() });
    const sent: string[] = [];
    for (let i = 0; i < 205; i++) sent.push(await send(A, `m${i}`));
    await run({ type: 'MarkDelivered', userId: B, upTo: sent[202]!, now: now() });
    const late = await send(A, 'after');
    const { conversations } = await project(1, 1000);
    const side = conversations[0]!.members[B];
    expect(side).toMatchObject({ undeliveredOverflow: false, deliveredUpTo: sent[202], unreadCount: 206 });
    expect(side!.undelivered.map((p) => p.id)).toEqual([sent[203], sent[204], late]);
    const left = await readStore
      .collection<MessageDoc>(physicalName(MESSAGES, 1))
      .find({ where: { isDelivered: false }, limit: 1000 });
    expect(left.items.map((m) => m.id)).toEqual([sent[203], sent[204], late]);
    expect(await readStore.collection(physicalName(MESSAGES, 1)).count({ isDelivered: true })).toBe(203);
  });

  it('lets a delivery appended with its message ride on the new_message push instead of a receipt', async () => {
    await run({ type: 'Start', conversationId: ID, by: A, with: B, now: now() });
    const messageId = newId();
    const sent = conversationDecider.decide(state, {
      type: 'Send',
      messageId,
      senderId: A,
      content: 'Online?',
      messageType: 'text',
      replyToId: null,
      media: null,
      blocked: false,
      recipientViewing: false,
      now: now(),
    });
    // As MessagingService appends it when the recipient has a socket open.
    const delivered = {
      type: 'MessagesDelivered',
      data: { conversationId: ID, userId: B, upTo: messageId, at: now() },
    };
    await eventStore.appendToStream(messageStream(messageId), [...sent, delivered] as NewEvent[], 'no_stream');

    const collect = () => {
      const pushes: Push[] = [];
      const outbox = new PushOutbox();
      outbox.attach({ publish: (p) => pushes.push(p) });
      return { pushes, outbox };
    };
    const together = collect();
    const { messages } = await project(1, 1000, together.outbox);
    expect(together.pushes.map((p) => p.event)).toEqual(['new_message']);
    expect(together.pushes[0]!.payload).toMatchObject({ id: messageId, isDelivered: true });
    expect(messages[0]).toMatchObject({ id: messageId, isDelivered: true });

    // Handled in separate batches, the push has gone before the delivery: the receipt follows.
    const apart = collect();
    await project(2, 1, apart.outbox);
    expect(apart.pushes.map((p) => p.event)).toEqual(['new_message', 'messages_delivered']);
    expect(apart.pushes[0]!.payload).toMatchObject({ isDelivered: false });
  });
});
