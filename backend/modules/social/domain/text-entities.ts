/**
 * Hashtags and mentions as stored on a post: parsed once on write so that search, notifications and
 * the hashtag page read them from the event instead of each re-parsing the text.
 */
const HASHTAG = /(?:^|[^\p{L}\p{N}_&#])#([\p{L}\p{N}_]{1,50})/gu;
// Usernames are [A-Za-z0-9_]{3,50} (identity's register schema); an e-mail address is no mention.
const MENTION = /(?:^|[^A-Za-z0-9_@.])@([A-Za-z0-9_]{3,50})(?![A-Za-z0-9_])/g;

export function parseHashtags(text: string): string[] {
  return unique([...text.matchAll(HASHTAG)].map(([, tag = '']) => tag.toLowerCase()));
}

export function parseMentions(text: string): string[] {
  return unique([...text.matchAll(MENTION)].map(([, name = '']) => name.toLowerCase()));
}

const unique = (xs: string[]) => [...new Set(xs)];
