import { parseSearchQuery, termPositions, tokenise } from './tokenise';

describe('tokenise', () => {
  it('normalises, splits and stems each script with its own stemmer', () => {
    expect(tokenise('The Prophet ﷺ prays in المسجد')).toEqual([
      'the',
      'prophet',
      'صلي',
      'الله',
      'عليه',
      'وسلم',
      'prai',
      'in',
      'مسجد',
    ]);
  });

  it('keeps repeats for term frequency and drops over-long tokens', () => {
    expect(tokenise(`dua dua ${'x'.repeat(65)} ${'z'.repeat(64)}`)).toEqual(['dua', 'dua', 'z'.repeat(64)]);
  });

  it('leaves words mixing digits and letters as they are', () => {
    expect(tokenise('Surah 2 ayah255 covid19s')).toEqual(['surah', '2', 'ayah255', 'covid19s']);
  });
});

describe('parseSearchQuery', () => {
  it('makes the last word the prefix and the others distinct exact terms', () => {
    expect(parseSearchQuery('Prayer times prayer tim')).toEqual({ terms: ['prayer', 'time'], prefix: 'tim' });
    expect(parseSearchQuery('رمض')).toEqual({ terms: [], prefix: 'رمض' });
  });

  it('is null without words', () => {
    expect(parseSearchQuery(' -- ')).toBeNull();
  });
});

describe('termPositions', () => {
  it('lists 1-based positions per term', () => {
    expect([...termPositions(['a', 'b', 'a'])]).toEqual([
      ['a', [1, 3]],
      ['b', [2]],
    ]);
  });
});
