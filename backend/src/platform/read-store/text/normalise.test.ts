import { normaliseFully, normaliseText } from './normalise';

describe('normaliseText', () => {
  it.each([
    ['strips tashkeel and the superscript alef', 'بِسْمِ اللَّهِ الرَّحْمَٰنِ', 'بسم الله الرحمن'],
    ['strips tatweel', 'صـــلاة', 'صلاه'],
    ['unifies alef forms', 'أحمد إسلام آمين ٱلله', 'احمد اسلام امين الله'],
    ['maps alef maqsura to ya and ta marbuta to ha', 'على مكتبة', 'علي مكتبه'],
    ['folds presentation forms and ligatures', 'ﻻ ﷲ', 'لا الله'],
    ['turns Arabic-Indic and Persian digits into ASCII', '٢٥٥ ۱۲', '255 12'],
    ['lowercases and strips Latin accents', 'Café ÉCOLE İstanbul', 'cafe ecole istanbul'],
    ['keeps apostrophes inside words', "Qur'an don’t", 'quran dont'],
    [
      'turns punctuation, Arabic included, into single spaces',
      'hello,world! «مرحبا؟» a—b ، c',
      'hello world مرحبا a b c',
    ],
    ['answers empty text for no words', ' ?! ، ', ''],
  ])('%s', (_, input, expected) => {
    expect(normaliseText(input)).toBe(expected);
  });
});

describe("normaliseText's shortcut for ASCII words", () => {
  it('answers what every step would, for texts it takes and texts it leaves', () => {
    const pieces = ['Amina', 'yusuf', 'USER42', ' ', '  ', '0', '_', "'", '-', 'é', 'İ', '\t', 'ﻻ'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2000; i++) {
      const text = Array.from(
        { length: 1 + Math.floor(next() * 6) },
        () => pieces[Math.floor(next() * pieces.length)],
      ).join('');
      expect([text, normaliseText(text)]).toEqual([text, normaliseFully(text)]);
    }
  });
});
