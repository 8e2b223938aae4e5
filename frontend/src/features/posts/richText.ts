/** A piece of post text: plain text, a #hashtag or an @mention. */
export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'hashtag'; text: string; tag: string }
  | { kind: 'mention'; text: string; name: string };

// Hashtags take letters of any script (Arabic too), digits and underscores; mentions are usernames.
const TOKEN = /(^|[^\p{L}\p{N}_])([#@])([\p{L}\p{N}_]+)/gu;

/** Splits post text into text, hashtag and mention parts, in order. */
export function splitRichText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const [, lead = '', sign, word = ''] = match;
    const start = (match.index ?? 0) + lead.length;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    const token = `${sign}${word}`;
    parts.push(
      sign === '#' ? { kind: 'hashtag', text: token, tag: word } : { kind: 'mention', text: token, name: word },
    );
    last = start + token.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** §2: hashtags link to /search?hashtag={tag}; mentions to /profile/{name}. */
export const hashtagHref = (tag: string) => `/search?hashtag=${encodeURIComponent(tag)}`;
export const mentionHref = (name: string) => `/profile/${encodeURIComponent(name)}`;
