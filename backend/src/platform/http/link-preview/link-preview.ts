import { withoutControlChars } from '../../text';

/** A picture on this server for a link preview, by its site path (`/media/<id>/w1280.jpeg`). */
export interface PreviewImage {
  path: string;
  width: number | null;
  height: number | null;
  /** What the picture shows, for readers who cannot see it (a caption); empty when unknown. */
  alt: string;
}

/**
 * What a shared link to one screen shows in a chat or a timeline (Open Graph and Twitter cards).
 * A module answers one only for what a signed-out visitor may see; null otherwise.
 */
export interface LinkPreview {
  /** The canonical site path of the screen (`/post/<id>`), without a query. */
  path: string;
  title: string;
  description: string;
  type: 'article' | 'profile' | 'website';
  /** null: the app's own picture. */
  image: PreviewImage | null;
  /**
   * A square picture (an avatar) is shown small beside the text; a wide one (a post's photo, a
   * course cover) across the card.
   */
  imageShape?: 'wide' | 'square';
  /** og:profile's username, for a profile. */
  username?: string;
}

/** About the length a chat shows under a link's title; more is cut there anyway. */
export const PREVIEW_DESCRIPTION_CHARS = 200;
export const PREVIEW_TITLE_CHARS = 90;

/**
 * One line of a member's text for a preview: control characters out, runs of spaces and lines as one
 * space, cut at a word near `max` characters (whole code points, so an emoji or an Arabic letter is
 * never split) with an ellipsis.
 */
export function previewText(text: string | null | undefined, max = PREVIEW_DESCRIPTION_CHARS): string {
  const flat = withoutControlChars((text ?? '').replace(/\s+/g, ' '), ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join('');
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** A site path safe to put after the configured base: one leading slash, not a scheme-relative `//host`. */
export const isSitePath = (path: string): boolean => path.startsWith('/') && !path.startsWith('//');
