import { ListBitsets } from './list-bitsets';

const entries = (ords: number[]) => ords.map((ord) => ({ ord }));
/** The ordinals whose bits are set. */
const ordsOf = (words: Uint32Array) =>
  [...words].flatMap((word, w) => Array.from({ length: 32 }, (_, b) => (word & (1 << b) ? [w * 32 + b] : [])).flat());

describe('bitsets of posting lists', () => {
  it('sets the bits of a list, of entries appended to it since, and again for a new list or new numbers', () => {
    const bitsets = new ListBitsets();
    const list = entries([1, 5, 40]);
    expect(ordsOf(bitsets.of('sabr', list, 41))).toEqual([1, 5, 40]);
    list.push({ ord: 70 }, { ord: 200 });
    expect(ordsOf(bitsets.of('sabr', list, 201))).toEqual([1, 5, 40, 70, 200]);
    // Another list under the name (the term's list made anew): its own bits only.
    expect(ordsOf(bitsets.of('sabr', entries([2]), 201))).toEqual([2]);
    list[0]!.ord = 0;
    bitsets.renumbered();
    expect(ordsOf(bitsets.of('sabr', list, 201))).toEqual([0, 5, 40, 70, 200]);
  });

  it('holds bitsets up to its bytes, then starts again', () => {
    const bitsets = new ListBitsets(64);
    bitsets.of('a', entries([100]), 101); // 4 words: 16 bytes
    bitsets.of('b', entries([100]), 101);
    bitsets.of('c', entries([100]), 101);
    bitsets.of('d', entries([100]), 101);
    expect(bitsets.held).toBe(64);
    bitsets.of('e', entries([100]), 101);
    expect(bitsets.held).toBe(16);
    // A bitset made again for its name counts once.
    bitsets.of('e', entries([3, 100]), 101);
    expect(bitsets.held).toBe(16);
  });
});
