/*
 * Light Arabic stemming: only the definite article and its usual attached particles
 * (ال، وال، بال، كال، فال، لل), so "الصلاة" and "صلاة" meet. Suffixes and other prefixes are left
 * alone: stripping them without a dictionary merges too many unrelated words. Runs on normalised
 * text (alef forms already unified).
 */
const ARTICLE_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'ال', 'لل'];
// Keep at least two letters, so short words that merely start with these letters survive.
const MIN_REMAINING = 2;
// In the name of God the article belongs to the word; stripping it would leave "له" ("to him").
const NAME_OF_GOD = /^[وبكف]?(اللهم|الله)$/;

export function stemArabic(word: string): string {
  const [, god] = NAME_OF_GOD.exec(word) ?? [];
  if (god !== undefined) return god;
  for (const prefix of ARTICLE_PREFIXES) {
    if (word.startsWith(prefix) && word.length - prefix.length >= MIN_REMAINING) return word.slice(prefix.length);
  }
  return word;
}
