import { stemArabic } from './arabic-stemmer';

describe('stemArabic', () => {
  it.each([
    ['الصلاه', 'صلاه'],
    ['والصلاه', 'صلاه'],
    ['بالصبر', 'صبر'],
    ['كالبحر', 'بحر'],
    ['فالحمد', 'حمد'],
    ['للمسلمين', 'مسلمين'],
    ['الحج', 'حج'],
    ['صلاه', 'صلاه'],
  ])('%s → %s', (word, stem) => {
    expect(stemArabic(word)).toBe(stem);
  });

  it('keeps the name of God whole and folds its attached particles', () => {
    expect(stemArabic('الله')).toBe('الله');
    expect(stemArabic('والله')).toBe('الله');
    expect(stemArabic('بالله')).toBe('الله');
    expect(stemArabic('اللهم')).toBe('اللهم');
  });

  it('leaves too little behind alone', () => {
    expect(stemArabic('الم')).toBe('الم');
    expect(stemArabic('ال')).toBe('ال');
  });
});
