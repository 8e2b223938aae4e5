/**
 * Spec part 2 §5 question detection: whether the search box's text goes to the AI scholar ('Ask AI')
 * or to a normal search. The one implementation the web app uses (button label and submission).
 */

/** §9: shorter text (trimmed) is never a question. */
export const QUESTION_MIN_LENGTH = 3;
/** §9: more words than this make a question by themselves. */
export const QUESTION_WORD_THRESHOLD = 8;

export const QUESTION_FIRST_WORDS: ReadonlySet<string> = new Set([
  'what',
  'why',
  'how',
  'when',
  'where',
  'who',
  'which',
  'can',
  'could',
  'should',
  'would',
  'is',
  'are',
  'does',
  'did',
  'will',
  'tell',
  'explain',
]);

export const QUESTION_PHRASES: readonly string[] = ['what is', 'how to', 'why does', 'tell me', 'explain', 'define'];

export const ISLAMIC_TERMS: readonly string[] = [
  'islam',
  'salah',
  'prayer',
  'quran',
  'hadith',
  'prophet',
  'muhammad',
  'allah',
  'mosque',
  'hijab',
  'ramadan',
  'hajj',
  'zakat',
  'shahada',
];

/**
 * '?' and, for Arabic, '؟' (U+061F, the Arabic question mark) end a question. The spec names '?';
 * the Arabic mark is the same rule written in the app's second language.
 */
const QUESTION_MARKS = ['?', '\u061f'];

/**
 * True when the text looks like a question (case-insensitive, trimmed, at least 3 characters) and
 * any of these holds: it ends with '?'; its first word is a question word; it contains one of the
 * question phrases; it contains an Islamic term and has 2 or more words; it has more than 8 words.
 */
export function isQuestion(text: string): boolean {
  const normalized = text.trim().toLowerCase();
  if (normalized.length < QUESTION_MIN_LENGTH) return false;
  if (QUESTION_MARKS.some((mark) => normalized.endsWith(mark))) return true;
  const words = normalized.split(/\s+/).filter(Boolean);
  if (QUESTION_FIRST_WORDS.has(words[0] ?? '')) return true;
  if (QUESTION_PHRASES.some((phrase) => normalized.includes(phrase))) return true;
  if (words.length >= 2 && ISLAMIC_TERMS.some((term) => normalized.includes(term))) return true;
  return words.length > QUESTION_WORD_THRESHOLD;
}
