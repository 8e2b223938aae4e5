import { newAppendWitness, withAppendWitness, witnessAppends } from './append-witness';
import { MemoryEventStore } from './memory.event-store';

const event = (requestId: string | null) => ({ type: 'ThingDone', data: {}, metadata: { requestId } });

describe('append witness', () => {
  const store = () => witnessAppends(new MemoryEventStore());

  it("counts the appends whose events carry the request's id, in either append call, and no others", async () => {
    const events = store();
    const witness = newAppendWitness();
    await withAppendWitness('req-1', witness, async () => {
      await events.appendToStream('a', [event('req-1')]);
      await events.appendToStreams([{ streamId: 'b', events: [event('req-1')] }]);
      await events.appendToStream('c', [event('req-2')]);
      await events.appendToStream('d', [event(null)]);
    });
    expect(witness).toEqual({ appended: 2, failed: false });
    // Once the request is answered, later appends with its id are nobody's.
    await events.appendToStream('e', [event('req-1')]);
    expect(witness.appended).toBe(2);
  });

  it('tells both requests that share a client-chosen id, and forgets each when it ends', async () => {
    const events = store();
    const [first, second] = [newAppendWitness(), newAppendWitness()];
    let release = (): void => undefined;
    const held = withAppendWitness('same', first, () => new Promise<void>((resolve) => (release = resolve)));
    await withAppendWitness('same', second, () => events.appendToStream('a', [event('same')]));
    expect([first.appended, second.appended]).toEqual([1, 1]);
    release();
    await held;
    await events.appendToStream('b', [event('same')]);
    expect([first.appended, second.appended]).toEqual([1, 1]);
  });

  it('marks a failed append, but not a version conflict, and lets a throwing handler go', async () => {
    const events = store();
    const witness = newAppendWitness();
    await withAppendWitness('req-3', witness, async () => {
      await events.appendToStream('a', [event('req-3')], 'no_stream');
      await expect(events.appendToStream('a', [event('req-3')], 'no_stream')).rejects.toThrow();
    });
    expect(witness).toEqual({ appended: 1, failed: false });
    expect(() =>
      withAppendWitness('req-4', newAppendWitness(), () => {
        throw new Error('before any append');
      }),
    ).toThrow('before any append');
  });
});
