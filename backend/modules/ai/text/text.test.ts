import { normaliseText } from '@platform/read-store';

import { quranCorpus } from '../corpus/quran-corpus';
import { foldArabic, isArabicText, normaliseArabic, quranicSpellings, stemArabicWord } from './arabic';
import { expandTerms, SYNONYM_WEIGHT } from './synonyms';
import { arabicTerms, englishTerm, englishTerms, questionTerms } from './terms';

const stems = (text: string) => arabicTerms(text);

describe('Arabic folding for the Quran', () => {
  it('meets the Uthmani text with Arabic as typed today', () => {
    expect(stems('الصبر')).toEqual(stems('ٱلصَّبۡرِ'));
    expect(stems('الصَّبْرُ')).toEqual(stems('الصبر'));
    expect(stems('الصـــبر')).toEqual(stems('الصبر'));
  });

  it('reads a waw under a dagger alef as alef, and indexes both spellings of a dagger alef', () => {
    expect(quranicSpellings('ٱلصَّلَوٰةَ')).toContain('الصلاه');
    expect(quranicSpellings('ٱلزَّكَوٰةَ')).toContain('الزكاه');
    expect(quranicSpellings('ٱلرِّبَوٰاْ')).toContain('الربا');
    expect(quranicSpellings('ٱلسَّمَٰوَٰتِ')).toContain('السماوات');
    expect(quranicSpellings('ذَٰلِكَ')).toContain('ذلك');
    expect(quranicSpellings('ٱلرَّحۡمَٰنِ')).toContain('الرحمن');
  });

  it('reads a hamza on the line before an alef as a madda, and drops the seat of a tanween', () => {
    expect(quranicSpellings('ءَامَنُواْ')).toEqual(['امنوا']);
    expect(quranicSpellings('ٱلۡقُرۡءَانَ')).toEqual([normaliseArabic('القرآن')]);
    expect(quranicSpellings('إِحۡسَٰنًا')).toContain(normaliseArabic('إحساناً'));
  });

  it('folds exactly as the platform normaliser does, over every verse', () => {
    let differing = 0;
    for (const v of quranCorpus().verses) {
      for (const text of [v.arabic, v.arabic.replaceAll('\u0670', '\u0627')]) {
        if (foldArabic(text) !== normaliseText(text).replace(/\u0621\u0627/g, '\u0627')) differing++;
      }
    }
    expect(differing).toBe(0);
  });

  it('stems prefixes and a suffix, but keeps the name of God and short words whole', () => {
    const stem = (w: string) => stemArabicWord(normaliseArabic(w));
    expect(new Set(['الصابرين', 'صابرون', 'بالصابرين', 'والصابرين'].map(stem))).toEqual(new Set(['صابر']));
    expect(stem('وبالوالدين')).toBe(stem('الوالدين'));
    for (const w of ['الله', 'والله', 'بالله', 'لله', 'اللهم']) expect(stem(w)).toBe('الله');
    expect(stem('له')).toBe('له');
    expect(stem('الدين')).toBe('دين');
  });

  it('tells Arabic questions from English ones', () => {
    expect(isArabicText('ما هو الصبر؟')).toBe(true);
    expect(isArabicText('What is sabr (الصبر)?')).toBe(false);
    expect(isArabicText('2:255')).toBe(false);
  });
});

describe('question terms', () => {
  it('drops stop words and asking words, and stems', () => {
    expect(questionTerms('What does the Quran say about patience?', 'en')).toEqual(['patience']);
    expect(questionTerms('Why do Muslims fast in Ramadan?', 'en')).toEqual(['fast', 'ramadan']);
    expect(questionTerms('ماذا يقول القرآن عن الصبر؟', 'ar')).toEqual(['صبر']);
    expect(englishTerms('The praying believers')).toEqual(['prai', 'believer']);
  });

  it('keeps asking words when they are all the question has', () => {
    expect(questionTerms('Who is Allah?', 'en')).toEqual(['allah']);
    expect(questionTerms('ما هو القرآن؟', 'ar')).toEqual(['قران']);
  });
});

describe('synonyms', () => {
  const en = (question: string) => expandTerms(questionTerms(question, 'en'), 'en').en;
  const paradise = englishTerm('paradise')!;

  it('brings in the translation’s word for an Arabic term, at full weight for an equivalent', () => {
    expect(en('salah').get('prayer')).toBe(1);
    expect(en('zakat').get('zakah')).toBe(1);
    expect(en('sabr').get('patience')).toBe(1);
    expect(en('jannah').get(paradise)).toBe(1);
    expect(en('jahannam').get('hell')).toBe(1);
  });

  it('brings in the rest of the topic at a lower weight', () => {
    expect(en('patience').get('patient')).toBe(SYNONYM_WEIGHT);
    expect(en('fasting').get('ramadan')).toBe(SYNONYM_WEIGHT);
    expect(en('charity').get('zakah')).toBe(SYNONYM_WEIGHT);
    expect(en('fire').get('hell')).toBe(SYNONYM_WEIGHT);
    expect(en('hellfire').has(paradise)).toBe(false);
  });

  it('lets an Arabic question search the translation for its topic too', () => {
    const expanded = expandTerms(questionTerms('ما هو الصبر؟', 'ar'), 'ar', 0.5);
    expect(expanded.ar.get('صبر')).toBe(1);
    expect(expanded.en.get('patience')).toBe(0.5);
    expect(expandTerms(questionTerms('الصلاة', 'ar'), 'ar', 0.5).en.get('prayer')).toBe(0.5);
  });

  it('leaves words of no topic alone', () => {
    expect([...en('camel').keys()]).toEqual(['camel']);
  });
});
