const MAX_PREFIX = 20;

/** The words of a text, lower-cased (Arabic and Latin letters and digits). */
export const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Every prefix (up to 20 letters) of every word: what a community list search for `q` matches. */
export function prefixesOf(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const word of texts.flatMap(wordsOf))
    for (let n = 1; n <= Math.min(word.length, MAX_PREFIX); n++) out.add(word.slice(0, n));
  return [...out];
}
