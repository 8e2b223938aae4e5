import { stemArabic } from './arabic-stemmer';
import { stemEnglish } from './english-stemmer';
import { normaliseText } from './normalise';

// Longer "words" are hashes, URLs or base64; PostgreSQL refuses lexemes over 2 KB anyway.
const MAX_TOKEN_LENGTH = 64;
const LATIN_WORD = /^[a-z]+$/;
const ARABIC_WORD = /^[\u0600-\u06FF]+$/;

function stem(token: string): string {
  if (LATIN_WORD.test(token)) return stemEnglish(token);
  if (ARABIC_WORD.test(token)) return stemArabic(token);
  return token;
}

/** The index terms of a text, in order, repeats kept (term frequency matters for ranking). */
export function tokenise(text: string): string[] {
  const normalised = normaliseText(text);
  if (!normalised) return [];
  return normalised
    .split(' ')
    .filter((t) => t.length <= MAX_TOKEN_LENGTH)
    .map(stem);
}

/** A parsed search query: every term must match exactly, and some indexed term must start with prefix. */
export interface SearchQuery {
  terms: string[];
  prefix: string;
}

/** Null when the text holds no searchable word. The last word is the one still being typed. */
export function parseSearchQuery(text: string): SearchQuery | null {
  const tokens = tokenise(text);
  const prefix = tokens.at(-1);
  if (prefix === undefined) return null;
  return { terms: [...new Set(tokens.slice(0, -1))], prefix };
}

/** Term → positions (1-based), for engines that rank by frequency and proximity. */
export function termPositions(tokens: readonly string[]): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  tokens.forEach((t, i) => {
    const list = positions.get(t);
    if (list) list.push(i + 1);
    else positions.set(t, [i + 1]);
  });
  return positions;
}
