import type { ReadModelChangeMessage, ReadModelChanges } from '../read-model-changes.port';

export interface ChangesPair {
  /** Two processes' adapters on one deployment (one channel). */
  a: ReadModelChanges;
  b: ReadModelChanges;
  dispose(): Promise<void>;
}

const note = (n: number): ReadModelChangeMessage => ({
  changes: [{ name: `posts__g1`, writes: [[`p${n}`, { id: `p${n}`, n }]] }],
  progress: [{ projector: 'social', checkpoint: String(n).padStart(8, '0'), generation: 1 }],
});

/** One suite for every read-model changes adapter: delivery to every process, order, the barrier. */
export function describeReadModelChangesContract(name: string, create: () => Promise<ChangesPair>) {
  describe(`ReadModelChanges contract: ${name}`, () => {
    let pair: ChangesPair;
    beforeEach(async () => {
      pair = await create();
    });
    afterEach(async () => {
      await pair.dispose();
    });

    const collect = async (changes: ReadModelChanges) => {
      const got: ReadModelChangeMessage[] = [];
      let resets = 0;
      await changes.subscribe({ message: (m) => got.push(m), reset: () => resets++ });
      return { got, resets: () => resets };
    };

    it('is not trusted before it is subscribed', async () => {
      expect(await pair.b.barrier()).toBe(false);
    });

    it('hands a published message, as sent, to every subscribed process, the publisher included', async () => {
      const [atA, atB] = [await collect(pair.a), await collect(pair.b)];
      await pair.a.publish(note(1));
      expect(await pair.b.barrier()).toBe(true);
      expect(await pair.a.barrier()).toBe(true);
      expect(atB.got).toEqual([note(1)]);
      expect(atA.got).toEqual([note(1)]);
    });

    it('has every message published before a barrier applied when the barrier answers, in order', async () => {
      const atB = await collect(pair.b);
      for (let round = 0; round < 20; round++) {
        const sent = Array.from({ length: 5 }, (_, i) => note(round * 5 + i));
        // Not awaited one by one: a publisher pipelines, order must still hold.
        await Promise.all(sent.map((m) => pair.a.publish(m)));
        expect(await pair.b.barrier()).toBe(true);
        expect(atB.got.slice(-5)).toEqual(sent);
      }
      expect(atB.got).toHaveLength(100);
    });

    it('lets many concurrent readers share barriers, each true', async () => {
      await collect(pair.b);
      const answers = await Promise.all(Array.from({ length: 50 }, () => pair.b.barrier()));
      expect(answers.every(Boolean)).toBe(true);
    });

    it('stops delivering after unsubscribe and is not trusted once closed', async () => {
      const got: ReadModelChangeMessage[] = [];
      const off = await pair.b.subscribe({ message: (m) => got.push(m), reset: () => undefined });
      await pair.a.publish(note(1));
      await pair.b.barrier();
      off();
      await pair.a.publish(note(2));
      await pair.b.barrier();
      expect(got).toEqual([note(1)]);
      await pair.b.close();
      expect(await pair.b.barrier()).toBe(false);
    });

    it('carries a large batch whole', async () => {
      const atB = await collect(pair.b);
      const big: ReadModelChangeMessage = {
        changes: [
          {
            name: 'posts__g1',
            writes: Array.from({ length: 300 }, (_, i) => [`p${i}`, { id: `p${i}`, content: 'x'.repeat(500) }]),
          },
        ],
        progress: [],
      };
      await pair.a.publish(big);
      expect(await pair.b.barrier()).toBe(true);
      expect(atB.got).toEqual([big]);
    });
  });
}
