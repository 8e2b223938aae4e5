import { compareCodePoints } from '../core/sorting';
import type { SearchQuery } from './tokenise';

/*
 * PostgreSQL's ts_rank(tsv, query, 1) (src/backend/utils/adt/tsrank.c), step for step and in its
 * single-precision arithmetic (Math.fround where C stores a float), so that an index held in memory
 * ranks exactly as the SQL read stores do: same hits, same order, same scores.
 */

/**
 * A document as its tsvector holds it: terms in the tsvector's order (code points), and their
 * positions one after another (an index of a hundred thousand posts holds millions of them).
 */
export interface RankedText {
  /** Sorted by compareCodePoints (UTF-8 byte order, as tsvector lexemes are). */
  terms: readonly string[];
  /** Every term's positions, term after term (at most 16,383 in all: a tsvector keeps no more). */
  positions: Uint16Array;
  /** Where each term's positions end in `positions`; a term stored without positions has none. */
  ends: Uint16Array;
  /** cnt_length: positions in all (a term without positions counts one). */
  length: number;
}

// All our lexemes carry the default weight D, whose weight is 0.1 (stored as a float).
const WEIGHT = Math.fround(0.1);
const MAX_ENTRY_POSITION = 16383;
const { fround } = Math;

/** A query item of the tsquery our adapters write ("a & b & c:*"): a term, or the last word as a prefix. */
interface Item {
  text: string;
  prefix: boolean;
  /** The text's first code unit: most of a document's terms are told apart by it alone. */
  first: number;
}

/** SortAndUniqItems: by text, duplicates once (the prefix flag is not compared, as in PostgreSQL). */
export function queryItems(query: SearchQuery): Item[] {
  // The tsquery lists its operands last first ("c:*", then the terms from the right); PostgreSQL sorts
  // fewer than seven by insertion, which keeps the first of equal texts in that order: "mercy mercy"
  // ranks as the prefix "mercy:*". (From seven words on its quicksort may keep the other one.)
  const items: Item[] = [
    { text: query.prefix, prefix: true, first: query.prefix.charCodeAt(0) },
    ...[...query.terms].reverse().map((text) => ({ text, prefix: false, first: text.charCodeAt(0) })),
  ];
  items.sort((a, b) => compareCodePoints(a.text, b.text));
  return items.filter((item, i) => i === 0 || items[i - 1]!.text !== item.text);
}

function wordDistance(distance: number): number {
  if (distance > 100) return fround(1e-30);
  return fround(1.0 / (1.005 + 0.05 * Math.exp(fround(distance) / 1.5 - 2)));
}

// Every weight is the same (D), so what a pair of positions adds depends on their distance alone,
// and what a term adds on its number of positions alone: both are computed once, here.
const PAIR_WEIGHT = Array.from({ length: 102 }, (_, d) =>
  fround(Math.sqrt(fround(fround(WEIGHT * WEIGHT) * wordDistance(d)))),
);
const pairWeight = (distance: number) => PAIR_WEIGHT[distance > 100 ? 101 : distance]!;
// (A tsvector keeps at most 256 positions of a term.)
const TERM_WEIGHT = (() => {
  const out = [0];
  let resj = 0;
  for (let j = 0; j < 256; j++) {
    resj = fround(resj + fround(WEIGHT / ((j + 1) * (j + 1))));
    // The heaviest position is the first (jm = 0): wjm + resj - wjm / 1.
    out.push(fround(fround(WEIGHT + resj) - WEIGHT));
  }
  return out;
})();

/** Whether the term matches the item (find_wordentry: the term itself, or every term with the prefix). */
const matches = (term: string, item: Item) =>
  term.charCodeAt(0) === item.first && (item.prefix ? term.startsWith(item.text) : term === item.text);

/** Where the positions of the term at `index` start in `doc.positions`. */
const startOf = (doc: RankedText, index: number) => (index === 0 ? 0 : doc.ends[index - 1]!);

function rankOr(doc: RankedText, items: readonly Item[]): number {
  let res = 0;
  const { terms } = doc;
  for (const item of items) {
    let found = false;
    for (let t = 0; t < terms.length; t++) {
      if (!matches(terms[t]!, item)) {
        // A prefix's terms lie together in the document's order: past them, nothing more matches.
        if (found) break;
        continue;
      }
      found = true;
      const count = doc.ends[t]! - startOf(doc, t) || 1;
      res = fround(res + TERM_WEIGHT[Math.min(count, 256)]! / 1.64493406685);
    }
  }
  return items.length > 0 ? fround(res / items.length) : res;
}

/** rankAnd's per-item ranges, kept between calls (a query ranks a thousand documents; JavaScript runs one at a time). */
let scratch = { from: new Int32Array(8), to: new Int32Array(8) };

function rankAnd(doc: RankedText, items: readonly Item[]): number {
  if (items.length < 2) return rankOr(doc, items);
  // Per item, the positions of the last term it matched (from, to in doc.positions; from -1: none
  // yet); a term kept without positions stands at the last position there is (PostgreSQL's POSNULL).
  if (scratch.from.length < items.length)
    scratch = { from: new Int32Array(items.length), to: new Int32Array(items.length) };
  const { from, to } = scratch;
  from.fill(-1, 0, items.length);
  const { terms, positions } = doc;
  const at = (i: number, j: number) => (from[i] === to[i] ? MAX_ENTRY_POSITION : positions[j]!);
  let res = -1;
  for (let i = 0; i < items.length; i++) {
    let found = false;
    for (let t = 0; t < terms.length; t++) {
      if (!matches(terms[t]!, items[i]!)) {
        if (found) break;
        continue;
      }
      found = true;
      from[i] = startOf(doc, t);
      to[i] = doc.ends[t]!;
      const mineEnd = Math.max(to[i]!, from[i]! + 1);
      for (let k = 0; k < i; k++) {
        if (from[k] === -1) continue;
        const otherEnd = Math.max(to[k]!, from[k]! + 1);
        const anyNull = from[i] === to[i] || from[k] === to[k];
        for (let l = from[i]!; l < mineEnd; l++) {
          for (let p = from[k]!; p < otherEnd; p++) {
            let dist = Math.abs(at(i, l) - at(k, p));
            if (dist === 0 && !anyNull) continue;
            if (dist === 0) dist = MAX_ENTRY_POSITION + 1;
            const curw = pairWeight(dist);
            res = res < 0 ? curw : fround(1.0 - (1.0 - res) * (1.0 - curw));
          }
        }
      }
    }
  }
  return res;
}

/** ts_rank(tsv, query, 1): the rank divided by log2(1 + the document's length). */
export function tsRank(doc: RankedText, items: readonly Item[]): number {
  if (doc.terms.length === 0 || items.length === 0) return 0;
  let res = items.length >= 2 ? rankAnd(doc, items) : rankOr(doc, items);
  if (res < 0) res = fround(1e-20);
  return fround(res / (Math.log(doc.length + 1) / Math.log(2.0)));
}

/**
 * The number PostgreSQL's driver gives for a float4 score: the shortest decimal that reads back as
 * the same float (what float4out prints), read as a double.
 */
export function asFloat4Reading(value: number): number {
  // From six digits up: a float needing fewer reads back the same from six (trailing zeros).
  for (let digits = 6; digits < 10; digits++) {
    const shown = Number(value.toPrecision(digits));
    if (fround(shown) === value) return shown;
  }
  return value;
}
