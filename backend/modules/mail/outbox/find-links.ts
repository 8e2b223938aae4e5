// Sentence punctuation (Latin and Arabic) that may follow a link in prose but is not part of it.
const TRAILING = /[.,;:!?)\]'"،؛؟]+$/;

/** The http(s) URLs in a text part, in order of appearance, each once. */
export function findLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  return [...new Set(found.map((url) => url.replace(TRAILING, '')))];
}
