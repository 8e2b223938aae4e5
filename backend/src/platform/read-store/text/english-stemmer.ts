/*
 * A light English stemmer: steps 1a-1c of Porter's algorithm (plurals, -ed, -ing, final y).
 * It conflates inflections ("praying", "prayed", "prays", "pray" → "prai"; "prayers" → "prayer")
 * without the derivational steps that over-merge unrelated words. Index and query both go through
 * it, so the stems only need to be consistent, not pretty.
 */
const isVowelAt = (w: string, i: number): boolean => {
  const c = w.charAt(i);
  if ('aeiou'.includes(c)) return true;
  return c === 'y' && i > 0 && !isVowelAt(w, i - 1);
};

const hasVowel = (w: string): boolean => [...w].some((_, i) => isVowelAt(w, i));

/** Porter's m: the number of vowel-consonant sequences in the stem. */
function measure(w: string): number {
  let m = 0;
  for (let i = 1; i < w.length; i++) if (!isVowelAt(w, i) && isVowelAt(w, i - 1)) m++;
  return m;
}

/** Ends consonant-vowel-consonant, the last not w, x or y ("hop", not "snow"). */
function endsCvc(w: string): boolean {
  const n = w.length;
  return (
    n >= 3 && !isVowelAt(w, n - 1) && isVowelAt(w, n - 2) && !isVowelAt(w, n - 3) && !'wxy'.includes(w.charAt(n - 1))
  );
}

function step1a(w: string): string {
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('ies')) return w.slice(0, -2);
  if (w.endsWith('ss')) return w;
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

function step1b(w: string): string {
  if (w.endsWith('eed')) return measure(w.slice(0, -3)) > 0 ? w.slice(0, -1) : w;
  const suffix = w.endsWith('ed') ? 2 : w.endsWith('ing') ? 3 : 0;
  if (!suffix || !hasVowel(w.slice(0, -suffix))) return w;
  const s = w.slice(0, -suffix);
  if (s.endsWith('at') || s.endsWith('bl') || s.endsWith('iz')) return `${s}e`;
  const last = s.charAt(s.length - 1);
  if (s.length >= 2 && last === s.charAt(s.length - 2) && !isVowelAt(s, s.length - 1) && !'lsz'.includes(last)) {
    return s.slice(0, -1);
  }
  if (measure(s) === 1 && endsCvc(s)) return `${s}e`;
  return s;
}

function step1c(w: string): string {
  return w.endsWith('y') && hasVowel(w.slice(0, -1)) ? `${w.slice(0, -1)}i` : w;
}

/** Stems a lowercase ASCII word; short words are left alone, as in Porter. */
export function stemEnglish(word: string): string {
  if (word.length <= 2) return word;
  return step1c(step1b(step1a(word)));
}
