import { normaliseText, stemEnglish } from '@platform/read-store';

import { normaliseArabic, stemArabicWord } from './arabic';

/*
 * The terms of a question and of a verse, in the same form on both sides: normalised (case,
 * diacritics, Arabic letter forms), stop words out, stemmed. English and Arabic have their own
 * stop words and stemmer; a question's language decides which side of the index it searches.
 */

export type Lang = 'en' | 'ar';

/** Words that carry no topic in a question or a verse. */
const EN_STOP = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both ' +
    'but by can could did do does doing done down during each else ever every few for from further get gets got had ' +
    'has have having he her here hers herself him himself his how i if in into is it its itself just let lets me ' +
    'might more most must my myself no nor not now of off on once only or other our ours ourselves out over own ' +
    'please same shall she should so some such than that thats the their theirs them themselves then there these ' +
    'they this those through to too under until up upon us very was we were what whats when where which while who ' +
    'whom whose why will with within without would you your yours yourself yourselves also may us im ive dont ' +
    'doesnt isnt arent wasnt werent ' +
    // The article of transliterated names (al-Kursi, ar-Rahman): it is no topic.
    'al ar ad adh az ash ath el'
  ).split(' '),
);

/**
 * Words a question uses to ask rather than to name its topic ("What does the Quran say about ...").
 * Dropped when the question has other words; kept when they are all it has ("Who is Allah?").
 */
const EN_SOFT = new Set(
  (
    'allah god lord quran koran quranic islam islamic muslim muslims say says said saying tell teach teaches ' +
    'explain mean means meaning verse verses ayah ayat aya ayahs surah surat sura chapter according ruling rule ' +
    'view think regarding concerning know want like one thing things way'
  ).split(' '),
);

const arabicWords = (words: string) => new Set(words.split(' ').map(normaliseArabic));

const AR_STOP = arabicWords(
  'من في على إلى عن ما ماذا هل هو هي هم كيف لماذا لم لن متى أين أي إذا أن إن أو ثم قد هذا هذه ذلك تلك التي الذي الذين ' +
    'كان كانت يكون مع عند كل بعض غير بين حتى لا بل لكن و يا انا نحن انت انتم له لها لهم به بها فيه فيها منه عليه ' +
    'وما ولا وهو وهي ومن وفي فما فلا انه انها لنا لكم اليه عليهم',
);

const AR_SOFT = arabicWords(
  'الله القرآن قرآن الإسلام إسلام مسلم المسلمين قال يقول تقول آية الآية سورة حكم معنى يعني أريد أعرف',
);

const LATIN_WORD = /^[a-z]+$/;
const ARABIC_WORD = /^[\u0621-\u06D3]+$/;

/** The stem of one normalised English word, or null for a stop word. */
export function englishTerm(word: string): string | null {
  if (!LATIN_WORD.test(word) || EN_STOP.has(word) || word.length < 2) return null;
  return stemEnglish(word);
}

/** The stem of one normalised Arabic word, or null for a stop word. */
export function arabicTerm(word: string): string | null {
  if (!ARABIC_WORD.test(word) || AR_STOP.has(word) || word.length < 2) return null;
  return stemArabicWord(word);
}

/** Index terms of a translation: normalised, stop words out, stemmed (repeats kept). */
export function englishTerms(text: string, cache?: Map<string, string | null>): string[] {
  return termsOf(normaliseText(text), cache ? cached(englishTerm, cache) : englishTerm);
}

function cached(term: (w: string) => string | null, cache: Map<string, string | null>) {
  return (w: string) => {
    let t = cache.get(w);
    if (t === undefined) cache.set(w, (t = term(w)));
    return t;
  };
}

/** Index terms of Arabic text as typed today. */
export function arabicTerms(text: string): string[] {
  return termsOf(normaliseArabic(text), arabicTerm);
}

function termsOf(normalised: string, term: (w: string) => string | null): string[] {
  if (!normalised) return [];
  const out: string[] = [];
  for (const word of normalised.split(' ')) {
    const t = term(word);
    if (t) out.push(t);
  }
  return out;
}

/** The topic terms of a question: its words without stop words, and without asking words when others remain. */
export function questionTerms(question: string, lang: Lang): string[] {
  const normalised = lang === 'ar' ? normaliseArabic(question) : normaliseText(question);
  const words = normalised ? normalised.split(' ') : [];
  const term = lang === 'ar' ? arabicTerm : englishTerm;
  const soft = lang === 'ar' ? AR_SOFT : EN_SOFT;
  const all = words.filter((w) => term(w) !== null);
  const topical = all.filter((w) => !soft.has(w));
  return [...new Set((topical.length ? topical : all).map((w) => term(w)!))];
}
