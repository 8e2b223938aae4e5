import { WrongExpectedVersionError } from '../event-store/errors';
import type { EventStore } from '../event-store/event-store.port';
import { MemoryEventStore } from '../event-store/memory.event-store';
import { type Decider, DomainError, fold } from './decider';
import { commandTime, handleCommand } from './handle-command';

// A tiny aggregate: a poll that takes one vote per member while open.
type PollEvent =
  | { type: 'PollOpened'; data: { options: number } }
  | { type: 'PollVoted'; data: { member: string; option: number } };
type PollCommand = { type: 'Open'; options: number } | { type: 'Vote'; member: string; option: number };
interface PollState {
  options: number;
  voters: string[];
}

const poll: Decider<PollState, PollCommand, PollEvent> = {
  initialState: () => ({ options: 0, voters: [] }),
  evolve: (s, e) =>
    e.type === 'PollOpened' ? { ...s, options: e.data.options } : { ...s, voters: [...s.voters, e.data.member] },
  decide: (s, c) => {
    if (c.type === 'Open') {
      if (s.options) throw new DomainError('POLL_EXISTS', 'Poll already open', 409);
      return [{ type: 'PollOpened', data: { options: c.options } }];
    }
    if (!s.options) throw new DomainError('POLL_NOT_FOUND', 'Poll not found', 404);
    if (c.option < 1 || c.option > s.options) throw new DomainError('INVALID_OPTION', 'No such option', 400);
    if (s.voters.includes(c.member)) return [];
    return [{ type: 'PollVoted', data: { member: c.member, option: c.option } }];
  },
};

describe('decider', () => {
  it('folds and decides without a store', () => {
    const state = fold(poll, [
      { type: 'PollOpened', data: { options: 2 } },
      { type: 'PollVoted', data: { member: 'a', option: 1 } },
    ]);
    expect(state).toEqual({ options: 2, voters: ['a'] });
    expect(poll.decide(state, { type: 'Vote', member: 'a', option: 2 })).toEqual([]);
    expect(() => poll.decide(state, { type: 'Vote', member: 'b', option: 3 })).toThrow(DomainError);
  });
});

describe('handleCommand', () => {
  let store: EventStore;
  beforeEach(() => (store = new MemoryEventStore()));
  afterEach(() => store.close());
  const meta = { actor: 'user-1', requestId: 'req-1' };

  it('appends decided events with the metadata of the request', async () => {
    const r = await handleCommand(store, 'poll-1', poll, { type: 'Open', options: 3 }, meta);
    expect(r.state.options).toBe(3);
    expect(r.checkpoint).not.toBe('');
    const [event] = await store.readStream('poll-1');
    expect(event).toMatchObject({ type: 'PollOpened', metadata: { actor: 'user-1', requestId: 'req-1' } });
  });

  it('appends nothing when nothing is decided', async () => {
    await handleCommand(store, 'poll-1', poll, { type: 'Open', options: 2 }, meta);
    await handleCommand(store, 'poll-1', poll, { type: 'Vote', member: 'a', option: 1 }, meta);
    const again = await handleCommand(store, 'poll-1', poll, { type: 'Vote', member: 'a', option: 2 }, meta);
    expect(again.events).toEqual([]);
    expect(await store.readStream('poll-1')).toHaveLength(2);
  });

  it('lets domain errors through untouched and writes nothing', async () => {
    await expect(
      handleCommand(store, 'poll-9', poll, { type: 'Vote', member: 'a', option: 1 }, meta),
    ).rejects.toMatchObject({
      code: 'POLL_NOT_FOUND',
      status: 404,
    });
    expect(await store.readStream('poll-9')).toEqual([]);
  });

  it('decides again on the fresh state when another writer got there first', async () => {
    await handleCommand(store, 'poll-1', poll, { type: 'Open', options: 2 }, meta);
    const votes = Array.from({ length: 12 }, (_, i) =>
      handleCommand(store, 'poll-1', poll, { type: 'Vote', member: `m${i}`, option: 1 }, meta, { retries: 20 }),
    );
    await Promise.all(votes);
    const events = await store.readStream('poll-1');
    expect(events.map((e) => e.streamVersion)).toEqual([...Array(13).keys()]);
    expect(new Set(events.slice(1).map((e) => (e.data as { member: string }).member)).size).toBe(12);
  });

  it('gives up after its retries with the conflict', async () => {
    await handleCommand(store, 'poll-1', poll, { type: 'Open', options: 2 }, meta);
    // A store whose stream moves on between every read and append.
    const racing: EventStore = Object.create(store);
    racing.appendToStream = async (id) => {
      throw new WrongExpectedVersionError(id, 0, 1);
    };
    await expect(
      handleCommand(racing, 'poll-1', poll, { type: 'Vote', member: 'x', option: 1 }, meta, { retries: 2 }),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
  });

  describe('on a stream its caller has just named (newStream)', () => {
    const counting = () => {
      const reads: string[] = [];
      const spied: EventStore = Object.create(store);
      spied.readStream = (id, options) => (reads.push(id), store.readStream(id, options));
      return { spied, reads };
    };

    it('appends the first events without reading the stream', async () => {
      const { spied, reads } = counting();
      const r = await handleCommand(spied, 'poll-new', poll, { type: 'Open', options: 3 }, meta, { newStream: true });
      expect(reads).toEqual([]);
      expect(r.state).toEqual({ options: 3, voters: [] });
      expect((await store.readStream('poll-new')).map((e) => e.type)).toEqual(['PollOpened']);
      // The state is kept: the next command on the stream starts from it.
      await handleCommand(spied, 'poll-new', poll, { type: 'Vote', member: 'a', option: 1 }, meta);
      expect((await store.readStream('poll-new')).map((e) => e.streamVersion)).toEqual([0, 1]);
    });

    it('reads the stream and decides again when it exists after all', async () => {
      await handleCommand(store, 'poll-1', poll, { type: 'Open', options: 2 }, meta);
      const { spied, reads } = counting();
      await expect(
        handleCommand(spied, 'poll-1', poll, { type: 'Open', options: 5 }, meta, { newStream: true }),
      ).rejects.toMatchObject({ code: 'POLL_EXISTS' });
      expect(reads).toEqual(['poll-1']);
      expect(await store.readStream('poll-1')).toHaveLength(1);
    });

    it('answers a refusal on the empty state as the stream read says', async () => {
      await handleCommand(store, 'poll-1', poll, { type: 'Open', options: 2 }, meta);
      const { spied, reads } = counting();
      // Refused on an empty poll (no such poll), accepted on the poll that is there.
      const r = await handleCommand(spied, 'poll-1', poll, { type: 'Vote', member: 'a', option: 2 }, meta, {
        newStream: true,
      });
      expect(reads).toEqual(['poll-1']);
      expect(r.state.voters).toEqual(['a']);
    });
  });

  it("records a backdated command's own time, and refuses one in the future or unreadable", async () => {
    const before = Date.now();
    await handleCommand(store, 'poll-1', poll, { type: 'Open', options: 2 }, meta);
    const weeksAgo = '2026-01-02T03:04:05.000Z';
    await handleCommand(
      store,
      'poll-1',
      poll,
      { type: 'Vote', member: 'a', option: 1 },
      { ...meta, occurredAt: weeksAgo },
    );
    const [opened, voted] = await store.readStream('poll-1');
    expect(Date.parse(opened!.metadata.occurredAt)).toBeGreaterThanOrEqual(before);
    expect(voted!.metadata.occurredAt).toBe(weeksAgo);
    const later = new Date(Date.now() + 60_000).toISOString();
    for (const occurredAt of [later, 'yesterday']) {
      await expect(
        handleCommand(store, 'poll-1', poll, { type: 'Vote', member: 'b', option: 1 }, { ...meta, occurredAt }),
      ).rejects.toThrow(`occurredAt must be a past instant: ${occurredAt}`);
    }
    expect(await store.readStream('poll-1')).toHaveLength(2);
    expect(commandTime({ occurredAt: '2026-01-02T06:04:05+03:00' })).toBe(weeksAgo);
    expect(Date.parse(commandTime({}))).toBeGreaterThanOrEqual(before);
  });
});
