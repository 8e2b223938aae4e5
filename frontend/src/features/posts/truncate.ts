/** §9 display truncation limits. */
export const TRUNCATE_LIMIT = 280;
export const TRUNCATE_LIMIT_COMPACT = 140;
export const QUOTE_PREVIEW_LIMIT = 120;
/** The cut moves back to a space only when that space lies beyond this share of the limit. */
export const WORD_BOUNDARY_SHARE = 0.8;

export interface Truncated {
  text: string;
  truncated: boolean;
}

/**
 * Cuts `text` to `limit` characters (code points, so an emoji is never split in half). When a space
 * lies beyond 80% of the limit the cut moves back to it, so a word is not chopped; otherwise (one very
 * long word) the cut stays at the limit.
 */
export function truncateText(text: string, limit: number): Truncated {
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, truncated: false };
  let cut = chars.slice(0, limit);
  let space = -1;
  for (let i = cut.length - 1; i >= 0; i -= 1) {
    if (/\s/.test(cut[i] ?? '')) {
      space = i;
      break;
    }
  }
  if (space > limit * WORD_BOUNDARY_SHARE) cut = cut.slice(0, space);
  return { text: cut.join('').trimEnd(), truncated: true };
}
