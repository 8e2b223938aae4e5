import { compareCodePoints } from '../core/sorting';
import { termPositions } from './tokenise';
import type { RankedText } from './ts-rank';

// A tsvector keeps positions 1..16383 and at most 256 per lexeme; beyond that ts_rank gains nothing.
const MAX_POSITION = 16383;
const MAX_POSITIONS_PER_TERM = 256;

/** Term → the positions a tsvector keeps of it (none: the term is kept without positions). */
export function keptPositions(tokens: readonly string[]): Map<string, number[]> {
  const kept = new Map<string, number[]>();
  for (const [term, positions] of termPositions(tokens))
    kept.set(term, positions.filter((p) => p <= MAX_POSITION).slice(0, MAX_POSITIONS_PER_TERM));
  return kept;
}

/**
 * A document's kept terms, ready to rank (ts-rank.ts). `intern` gives the one copy of a term an
 * index keeps (text-index.ts).
 */
export function rankedText(
  kept: ReadonlyMap<string, readonly number[]>,
  intern: (term: string) => string = (t) => t,
): RankedText {
  const terms = [...kept.keys()].sort(compareCodePoints);
  const all = terms.flatMap((t) => kept.get(t)!);
  const ends = new Uint16Array(terms.length);
  let end = 0;
  let length = 0;
  terms.forEach((t, i) => {
    const count = kept.get(t)!.length;
    ends[i] = end += count;
    length += count || 1;
  });
  return { terms: terms.map(intern), positions: Uint16Array.from(all), ends, length };
}
