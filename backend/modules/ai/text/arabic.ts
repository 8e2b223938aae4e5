import { normaliseText } from '@platform/read-store';

/*
 * Arabic for the Quran index. The platform's normaliseText folds diacritics, tatweel and letter
 * forms, so "الصبر" meets "الصَّبْرُ". The Uthmani script of the Quran needs a little more:
 *
 * - A bare waw carrying a dagger alef stands for an alef (ٱلصَّلَوٰة, ٱلزَّكَوٰة, ٱلرِّبَوٰاْ are
 *   الصلاة, الزكاة, الربا in ordinary writing).
 * - A dagger alef is sometimes written as a full alef today (ٱلسَّمَٰوَٰت → السماوات) and sometimes
 *   not at all (ذَٰلِكَ → ذلك, ٱلرَّحۡمَٰن → الرحمن), so a Quranic word is indexed in both spellings.
 * - A hamza on the line before an alef is a madda (ءَامَنُواْ → آمنوا, ٱلۡقُرۡءَان → القرآن).
 *
 * Then a light stemmer (after Larkey's light10): the conjunction + preposition + article prefixes,
 * and one common suffix, so that الصابرين, صابرون and بالصابرين share a stem. Roots are not
 * extracted: without a dictionary that merges too many unrelated words.
 */
const DAGGER_ALEF = '\u0670';
// A waw with no vowel of its own, carrying a dagger alef (and the silent alef that may follow).
const WAW_AS_ALEF = /\u0648\u0670\u0627?/g;
// The alef that carries a tanween fath (إِحۡسَٰنًا, إحساناً) is a seat, not a letter of the word.
const TANWEEN_ALEF = /\u064B\u0627|\u0627\u064B/g;
const HAMZA_ALEF = /\u0621\u0627/g;
const ARABIC_LETTERS = /[\u0621-\u064A\u0671-\u06D3]/g;
const LATIN_LETTERS = /[A-Za-z]/g;

/** The spellings a Quranic (Uthmani) text is indexed under, normalised; usually two, sometimes one. */
export function quranicSpellings(text: string): string[] {
  if (!ARABIC_SCRIPT_ONLY.test(text)) {
    const base = text.replace(WAW_AS_ALEF, '\u0627').replace(TANWEEN_ALEF, '');
    return unique([base.replaceAll(DAGGER_ALEF, ''), base.replaceAll(DAGGER_ALEF, '\u0627')].map(normaliseArabicText));
  }
  // The marks go once, before the text splits into its two spellings (the dagger alef stays till then).
  const base = text.replace(WAW_AS_ALEF, '\u0627').replace(TANWEEN_ALEF, '').replace(ARABIC_MARKS_BUT_DAGGER, '');
  return unique([base.replaceAll(DAGGER_ALEF, ''), base.replaceAll(DAGGER_ALEF, '\u0627')].map(foldArabic));
}

const unique = (forms: string[]) => (forms[0] === forms[1] ? [forms[0]!] : forms);
const normaliseArabicText = (t: string) => normaliseText(t).replace(HAMZA_ALEF, '\u0627');

/*
 * normaliseText for text in Arabic script only, without Unicode normalisation: the same result
 * (a test checks it over every verse) in a fraction of the time, which counts when 6236 verses are
 * indexed at start-up.
 */
// Marks, the small waw and yeh (\u06E5, \u06E6) and the tatweel (\u0640, last: no mark may follow it here).
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/g;
const ARABIC_MARKS_BUT_DAGGER = /[\u0610-\u061A\u064B-\u065F\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/g;
const NOT_ARABIC_LETTER = /[^\u0621-\u063F\u0641-\u064A\u0671-\u06D3]+/g;
// Arabic letters, marks and punctuation, spaces; no digits (normaliseText turns Eastern ones Western).
const ARABIC_SCRIPT_ONLY = /^[\u0600-\u065F\u066A-\u06EF\u06FA-\u06FF\s\u2000-\u200F]*$/;

/** normaliseText, then a hamza on the line before an alef read as a madda. */
export function foldArabic(text: string): string {
  if (!ARABIC_SCRIPT_ONLY.test(text)) return normaliseArabicText(text);
  return text
    .replace(ARABIC_MARKS, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0624/g, '\u0648')
    .replace(/[\u0626\u0649]/g, '\u064A')
    .replace(/\u0629/g, '\u0647')
    .replace(NOT_ARABIC_LETTER, ' ')
    .trim()
    .replace(HAMZA_ALEF, '\u0627');
}

/** Normalised Arabic as typed today (the hamza-alef rule too, for text pasted from a mushaf). */
export function normaliseArabic(text: string): string {
  return foldArabic(text.replace(WAW_AS_ALEF, '\u0627').replace(TANWEEN_ALEF, '').replaceAll(DAGGER_ALEF, ''));
}

// و / ف (and), then ب / ك / ل (with, like, for), then the article; or لل (for the).
const PREFIX = /^(?:[وف]?[بكل]?ال|[وف]?لل)(?=..)/;
// Longest first. ة and ى are already ه and ي after normalisation.
const SUFFIXES = ['هما', 'ها', 'هم', 'هن', 'كم', 'نا', 'ان', 'ات', 'ون', 'ين', 'يه', 'ه', 'ي'];
const MIN_STEM = 3;
const NAME_OF_GOD = /^[وفب]?(?:ال|ل)له(?:م)?$/;

/** The light stem of one normalised Arabic word. */
export function stemArabicWord(word: string): string {
  // الله, لله, والله, بالله, فالله, اللهم: the name of God, whatever is attached.
  if (NAME_OF_GOD.test(word)) return 'الله';
  let w = word.replace(PREFIX, '');
  for (const suffix of SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= MIN_STEM) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  return w;
}

/** True when the text has more Arabic letters than Latin ones. */
export function isArabicText(text: string): boolean {
  const arabic = text.match(ARABIC_LETTERS)?.length ?? 0;
  const latin = text.match(LATIN_LETTERS)?.length ?? 0;
  return arabic > latin;
}
