import type { SearchQuery } from '../text/tokenise';

/** What the memory index keeps per entry: term frequencies and the length in terms. */
export interface IndexedText {
  terms: Map<string, number>;
  length: number;
}

// The usual BM25 constants: k1 saturates repeated terms, b normalises by document length.
const K1 = 1.2;
const B = 0.75;

/**
 * Scores the entries that hold every query term and some term starting with the prefix; null for
 * the others. The prefix contributes its best-scoring completion in the entry, so a finished word
 * scores like any other term.
 */
export function bm25Scorer(corpus: readonly IndexedText[], query: SearchQuery): (entry: IndexedText) => number | null {
  const n = corpus.length;
  const avgLength = corpus.reduce((s, e) => s + e.length, 0) / Math.max(n, 1) || 1;
  const dfCache = new Map<string, number>();
  const idf = (term: string): number => {
    let df = dfCache.get(term);
    if (df === undefined) {
      df = corpus.reduce((s, e) => s + (e.terms.has(term) ? 1 : 0), 0);
      dfCache.set(term, df);
    }
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
  return (entry) => {
    const weight = (term: string): number => {
      const tf = entry.terms.get(term) ?? 0;
      return (idf(term) * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * entry.length) / avgLength));
    };
    let score = 0;
    for (const term of query.terms) {
      if (!entry.terms.has(term)) return null;
      score += weight(term);
    }
    let best: number | null = null;
    for (const term of entry.terms.keys()) {
      if (term.startsWith(query.prefix)) best = Math.max(best ?? 0, weight(term));
    }
    return best === null ? null : score + best;
  };
}
