import { keptPositions } from '../text/indexed-text';
import type { SearchQuery } from '../text/tokenise';

/*
 * The terms come from the shared tokeniser (normalised, stemmed), so PostgreSQL must not
 * re-parse them: to_tsvector's parser and dictionaries would split and stem differently from the
 * memory and MongoDB adapters. We hand it tsvector / tsquery literals of our own terms instead.
 */
const quote = (term: string): string => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

export function tsvectorLiteral(tokens: readonly string[]): string {
  return [...keptPositions(tokens)]
    .map(([term, kept]) => (kept.length ? `${quote(term)}:${kept.join(',')}` : quote(term)))
    .join(' ');
}

/** Every term, AND the last word as a prefix (":*"). */
export function tsqueryLiteral(query: SearchQuery): string {
  return [...query.terms.map(quote), `${quote(query.prefix)}:*`].join(' & ');
}

/**
 * Term → positions of a tsvector as PostgreSQL prints it (`'prai':1,3 'it''s':2`): quotes and
 * backslashes doubled inside a lexeme, a weight letter after a position other than D's.
 */
export function parseTsvectorText(text: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    if (text[i] !== "'") throw new Error(`Unexpected tsvector text at ${i}: ${text.slice(i, i + 20)}`);
    let term = '';
    for (i++; i < text.length; i++) {
      const c = text[i]!;
      if ((c === "'" && text[i + 1] === "'") || c === '\\') term += text[++i]!;
      else if (c === "'") break;
      else term += c;
    }
    i++;
    const positions: number[] = [];
    if (text[i] === ':') {
      const end = text.indexOf(' ', i);
      for (const p of text.slice(i + 1, end < 0 ? text.length : end).split(',')) positions.push(parseInt(p, 10));
      i = end < 0 ? text.length : end;
    }
    out.set(term, positions);
  }
  return out;
}
