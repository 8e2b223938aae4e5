import { normaliseText } from './normalise';

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
