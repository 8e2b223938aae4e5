import { quranCorpus, refOf } from './corpus/quran-corpus';
import { checkReferences, findReferences, quoteMatches } from './references';

const corpus = quranCorpus();
const check = (text: string) => checkReferences(text, corpus);
const cited = (text: string) => check(text).cited.map(refOf);

describe('finding verse references', () => {
  it('reads surah:ayah in its usual spellings', () => {
    const refs = (text: string) => findReferences(text).map((m) => m.ref);
    expect(refs('Seek help through patience (2:153) and see 3:200.')).toEqual(['2:153', '3:200']);
    expect(refs('الآية (٢:٢٥٥)')).toEqual(['2:255']);
    expect(refs('Al-Fatihah 1:1-7, and Surah 112, verse 1')).toEqual(['1:1-7', '112:1']);
    expect(refs('at 10:30:15 or 1.2:3')).toEqual([]);
  });
});

describe('checking references against the Quran', () => {
  it('keeps real verses and cites them', () => {
    const text = 'Allah is with the patient (2:153). Fasting was prescribed for you (2:183).';
    const result = check(text);
    expect(result.text).toBe(text);
    expect(result.removed).toEqual([]);
    expect(result.cited.map(refOf)).toEqual(['2:153', '2:183']);
    expect(result.cited[0]).toMatchObject({ surah: 2, ayah: 153, surahName: 'Al-Baqarah' });
  });

  it('removes a made-up verse, with the sentence that rests on it', () => {
    const result = check('Patience is half of faith (2:999). Seek help through patience and prayer (2:153).');
    expect(result.removed).toEqual(['2:999']);
    expect(result.text).toBe('Seek help through patience and prayer (2:153).');
    expect(result.cited.map(refOf)).toEqual(['2:153']);
  });

  it('removes surahs past 114 and ranges that run past a surah’s end', () => {
    expect(check('See 115:1. And 112:1-9.').removed).toEqual(['115:1', '112:1-9']);
    expect(cited('Read 112:1-4.')).toEqual(['112:1', '112:2', '112:3', '112:4']);
  });

  it('removes a real reference whose quotation is not that verse', () => {
    const result = check(
      'Allah says, "Eat and drink, but be not excessive" (2:153). He also says, "Indeed, Allah is with the patient" (2:153).',
    );
    expect(result.removed).toEqual(['2:153']);
    expect(result.text).toBe('He also says, "Indeed, Allah is with the patient" (2:153).');
    expect(result.cited.map(refOf)).toEqual(['2:153']);
  });

  it('accepts a quotation in the translation or in the Arabic, with or without diacritics', () => {
    expect(check('“O you who have believed, seek help through patience and prayer.” (2:153)').removed).toEqual([]);
    expect(check('﴿إِنَّ ٱللَّهَ مَعَ ٱلصَّـٰبِرِينَ﴾ (2:153)').removed).toEqual([]);
    expect(check('«إن الله مع الصابرين» (2:153)').removed).toEqual([]);
    expect(check('«كتب عليكم الصيام» (2:153)').removed).toEqual(['2:153']);
  });

  it('checks a "> " quotation under the line that cites it', () => {
    const good = 'Allah says in 2:183:\n> O you who have believed, decreed upon you is fasting\nSo fast.';
    expect(check(good)).toMatchObject({ text: good, removed: [] });
    const bad = 'Allah says in 2:184:\n> O you who have believed, decreed upon you is fasting\nSo fast.';
    expect(check(bad)).toMatchObject({ text: 'So fast.', removed: ['2:184'] });
  });

  it('takes a reference after a full stop as part of its sentence, and drops emptied list items', () => {
    const result = check(
      '1. Allah forgives all sins. (39:53)\n2. Paradise is under the feet of mothers. (4:999)\n3. Done.',
    );
    expect(result.removed).toEqual(['4:999']);
    expect(result.text).toBe('1. Allah forgives all sins. (39:53)\n3. Done.');
  });

  it('never splits a sentence inside a quotation', () => {
    const text = 'He said: "Indeed, Allah is with the patient. Truly." (2:153) More.';
    expect(check(text).removed).toEqual([]);
    const wrong = 'He said: "Wine is allowed. Truly." (2:153). More.';
    expect(check(wrong)).toMatchObject({ text: 'More.', removed: ['2:153'] });
  });

  it('matches a quotation that drops the translation’s brackets or cuts it short', () => {
    const v = corpus.verse(2, 256)!;
    expect(quoteMatches('There shall be no compulsion in the religion', [v])).toBe(true);
    expect(quoteMatches('There is no god but Allah', [v])).toBe(false);
  });
});
