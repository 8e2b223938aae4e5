import { bm25Scorer, type IndexedText } from './bm25';

const entry = (...tokens: string[]): IndexedText => {
  const terms = new Map<string, number>();
  for (const t of tokens) terms.set(t, (terms.get(t) ?? 0) + 1);
  return { terms, length: tokens.length };
};

describe('bm25Scorer', () => {
  const short = entry('sabr', 'sabr', 'dua');
  const long = entry('sabr', 'a', 'b', 'c', 'd', 'e', 'f', 'g');
  const other = entry('zakat', 'dua');
  const corpus = [short, long, other];

  it('scores only entries holding every term and a completion of the prefix', () => {
    const score = bm25Scorer(corpus, { terms: ['dua'], prefix: 'sa' });
    expect(score(short)).toBeGreaterThan(0);
    expect(score(long)).toBeNull();
    expect(score(other)).toBeNull();
  });

  it('prefers more occurrences in a shorter text, and rarer terms', () => {
    const bySabr = bm25Scorer(corpus, { terms: [], prefix: 'sabr' });
    expect(bySabr(short)!).toBeGreaterThan(bySabr(long)!);
    const both = bm25Scorer(corpus, { terms: [], prefix: 'dua' });
    const rare = bm25Scorer(corpus, { terms: [], prefix: 'zakat' });
    expect(rare(other)!).toBeGreaterThan(both(other)!);
  });
});
