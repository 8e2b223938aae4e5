import { answerKey, keepsAnswer } from './cached-search-index';

const hits = (...ids: string[]) => ids.map((id) => ({ id, score: 1, fields: {} }));

describe('keepsAnswer: which held search answers a committed batch leaves', () => {
  const keeps = keepsAnswer(
    new Map([
      ['post-new', { text: 'Patience in the morning' }],
      ['post-gone', null],
    ]),
  );

  it('drops answers the new text matches: every word, the last as a prefix, stemmed and folded', () => {
    expect(keeps(answerKey('patience'), hits('post-1'))).toBe(false);
    expect(keeps(answerKey('patience morn'), hits())).toBe(false);
    expect(keeps(answerKey('PATIENCE mornings', { limit: 5, newest: 100 }), hits())).toBe(false);
  });

  it('drops answers holding an entry written or removed, matching or not', () => {
    expect(keeps(answerKey('gratitude'), hits('post-1', 'post-gone'))).toBe(false);
  });

  it('keeps the others, and answers of texts with no searchable word', () => {
    expect(keeps(answerKey('gratitude'), hits('post-1'))).toBe(true);
    expect(keeps(answerKey('patience evening'), hits())).toBe(true);
    expect(keeps(answerKey('orning'), hits())).toBe(true);
    expect(keeps(answerKey('!!!'), hits())).toBe(true);
  });

  it('does not keep what is not a settled answer', () => {
    expect(keeps(answerKey('gratitude'), Promise.resolve(hits()))).toBe(false);
  });
});
