/** Bytes of bitsets held at most (a bitset has a bit per document of the index, whatever its list's length). */
const HOLD_AT_MOST_BYTES = 16 * 1024 * 1024;

/** A document of a posting list, with its index among all the documents in id order (its bit). */
interface Ordered {
  ord: number;
}

/** A list's bitset: built in generation `gen` of the ordinals, covering the list's first `covered` entries. */
interface ListBits {
  list: readonly Ordered[];
  gen: number;
  covered: number;
  words: Uint32Array;
}

/**
 * Bitsets of a text index's posting lists over their documents' ordinals, by the list's name (a
 * term, or a prefix for its terms' merged list). A list only appended to since its bitset was made
 * gets the new bits; one renumbered, or a new list under the same name, is built again.
 */
export class ListBitsets {
  private gen = 0;
  private readonly bits = new Map<string, ListBits>();
  private bytes = 0;

  constructor(private readonly holdAtMostBytes = HOLD_AT_MOST_BYTES) {}

  /** Bytes of the bitsets held now. */
  get held(): number {
    return this.bytes;
  }

  /** The documents were numbered again: every bitset is rebuilt when next asked for. */
  renumbered(): void {
    this.gen++;
    this.forgetAll();
  }

  private forgetAll() {
    this.bits.clear();
    this.bytes = 0;
  }

  /** The list's bitset (`ordinals`: how many documents there are now, room to grow into). */
  of(key: string, list: readonly Ordered[], ordinals: number): Uint32Array {
    let bits = this.bits.get(key);
    if (!bits || bits.gen !== this.gen || bits.list !== list) {
      // Kept for the lists asked lately (a term's, a prefix's), not for every one ever asked.
      if (bits) this.bytes -= bits.words.byteLength;
      if (this.bytes >= this.holdAtMostBytes) this.forgetAll();
      bits = { list, gen: this.gen, covered: 0, words: new Uint32Array(0) };
      this.bits.set(key, bits);
    }
    if (bits.covered < list.length) {
      const needed = (list.at(-1)!.ord >>> 5) + 1;
      if (bits.words.length < needed) {
        const grown = new Uint32Array(Math.max(needed, (ordinals >>> 5) + 1, bits.words.length * 2));
        grown.set(bits.words);
        this.bytes += grown.byteLength - bits.words.byteLength;
        bits.words = grown;
      }
      for (let i = bits.covered; i < list.length; i++) {
        const ord = list[i]!.ord;
        bits.words[ord >>> 5]! |= 1 << (ord & 31);
      }
      bits.covered = list.length;
    }
    return bits.words;
  }
}
