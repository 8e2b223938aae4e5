/*
 * Search text normalisation shared by every adapter, so that an index built by one engine and a
 * query typed by a user meet on the same tokens whatever the engine.
 *
 * Order matters: lowercase first (so "İ" decomposes to i + mark), then NFKD so that Arabic
 * presentation forms and ligatures become plain letters and hamza/madda carriers split into base
 * letter + combining mark (أ → ا + ٔ), then every combining mark goes (Arabic tashkeel, Quranic
 * marks, Latin accents), then the remaining letter variants are unified.
 */
const COMBINING_MARKS = /\p{M}/gu;
// Tatweel and the small waw / small yeh of Quranic script are letters (Lm), not marks.
const ARABIC_EXTRA_MARKS = /[\u0640\u06E5\u06E6]/g;
const LETTER_VARIANTS: Record<string, string> = {
  '\u0623': '\u0627', // أ → ا
  '\u0625': '\u0627', // إ → ا
  '\u0622': '\u0627', // آ → ا
  '\u0671': '\u0627', // ٱ (wasla) → ا
  '\u0649': '\u064A', // ى → ي
  '\u0629': '\u0647', // ة → ه
};
const VARIANT_CHARS = new RegExp(`[${Object.keys(LETTER_VARIANTS).join('')}]`, 'g');
// Arabic-Indic and extended (Persian) digits, so "آية ٢٥٥" and "ayah 255" share the number token.
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
// Apostrophes join a word ("don't", "Qur'an") instead of splitting it.
const APOSTROPHES = /['\u2019\u02BC]/g;
const NON_WORD = /[^\p{L}\p{N}]+/gu;

function easternDigit(ch: string): string {
  const c = ch.charCodeAt(0);
  return String(c >= 0x06f0 ? c - 0x06f0 : c - 0x0660);
}

// Text of ASCII letters, digits and spaces only (most usernames and names): what every step below
// would leave of it is its lowercase with runs of spaces made one, found without eight passes.
const ASCII_WORDS = /^[A-Za-z0-9 ]*$/;

/** Normalised text: words of letters and digits separated by single spaces. */
export function normaliseText(text: string): string {
  return ASCII_WORDS.test(text) ? text.toLowerCase().replace(/ {2,}/g, ' ').trim() : normaliseFully(text);
}

/** Every step of normalisation (exported for the test that holds normaliseText's shortcut to it). */
export function normaliseFully(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(ARABIC_EXTRA_MARKS, '')
    .replace(VARIANT_CHARS, (ch) => LETTER_VARIANTS[ch] ?? ch)
    .replace(EASTERN_DIGITS, easternDigit)
    .replace(APOSTROPHES, '')
    .normalize('NFC')
    .replace(NON_WORD, ' ')
    .trim();
}
