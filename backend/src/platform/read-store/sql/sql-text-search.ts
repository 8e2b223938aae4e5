import type { SearchQuery } from '../text/tokenise';
import { termPositions } from '../text/tokenise';

/*
 * The terms come from the shared tokeniser (normalised, stemmed), so PostgreSQL must not
 * re-parse them: to_tsvector's parser and dictionaries would split and stem differently from the
 * memory and MongoDB adapters. We hand it tsvector / tsquery literals of our own terms instead.
 */
const quote = (term: string): string => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

// tsvector keeps positions 1..16383 and at most 256 per lexeme; beyond that ts_rank gains nothing.
const MAX_POSITION = 16383;
const MAX_POSITIONS_PER_TERM = 256;

export function tsvectorLiteral(tokens: readonly string[]): string {
  return [...termPositions(tokens)]
    .map(([term, positions]) => {
      const kept = positions.filter((p) => p <= MAX_POSITION).slice(0, MAX_POSITIONS_PER_TERM);
      return kept.length ? `${quote(term)}:${kept.join(',')}` : quote(term);
    })
    .join(' ');
}

/** Every term, AND the last word as a prefix (":*"). */
export function tsqueryLiteral(query: SearchQuery): string {
  return [...query.terms.map(quote), `${quote(query.prefix)}:*`].join(' & ');
}
