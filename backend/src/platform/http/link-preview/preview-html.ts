import { isSitePath, type LinkPreview, type PreviewImage } from './link-preview';

export const SITE_NAME = 'DeenConnect';

/** The app's own picture, for a link whose item has none (frontend/public/icons, a PNG: crawlers skip SVG). */
export const DEFAULT_PREVIEW_IMAGE: PreviewImage = {
  path: '/icons/icon-512.png',
  width: 512,
  height: 512,
  alt: 'DeenConnect',
};

/** Text for an HTML attribute or element: nothing in it can close the tag or open another. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ESCAPES[c]!);
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Arabic script letters outnumbering Latin ones: the item is read as Arabic (the app's other language). */
function localeOf(text: string): { locale: string; alternate: string } {
  const arabic = text.match(/[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/g)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return arabic > latin ? { locale: 'ar_AR', alternate: 'en_US' } : { locale: 'en_US', alternate: 'ar_AR' };
}

/**
 * The `<head>` tags of a preview. `base` is the configured public address (never the request's
 * Host), so no request can point a preview at another site.
 */
export function previewTags(preview: LinkPreview, base: string): string {
  const own = preview.image && isSitePath(preview.image.path) ? preview.image : null;
  const image = own ?? DEFAULT_PREVIEW_IMAGE;
  const imageUrl = `${base}${image.path}`;
  const url = `${base}${isSitePath(preview.path) ? preview.path : '/'}`;
  const large = own !== null && preview.imageShape !== 'square';
  const { locale, alternate } = localeOf(`${preview.title} ${preview.description}`);
  const meta = (attr: 'name' | 'property', key: string, value: string | number | null | undefined) =>
    value === null || value === undefined || value === ''
      ? []
      : [`<meta ${attr}="${key}" content="${escapeHtml(String(value))}" />`];
  return [
    `<title>${escapeHtml(preview.title)}</title>`,
    ...meta('name', 'description', preview.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...meta('property', 'og:site_name', SITE_NAME),
    ...meta('property', 'og:type', preview.type),
    ...meta('property', 'og:url', url),
    ...meta('property', 'og:title', preview.title),
    ...meta('property', 'og:description', preview.description),
    ...meta('property', 'og:locale', locale),
    ...meta('property', 'og:locale:alternate', alternate),
    ...meta('property', 'og:image', imageUrl),
    ...meta('property', 'og:image:width', image.width),
    ...meta('property', 'og:image:height', image.height),
    ...meta('property', 'og:image:alt', image.alt),
    ...(preview.type === 'profile' ? meta('property', 'profile:username', preview.username) : []),
    ...meta('name', 'twitter:card', large ? 'summary_large_image' : 'summary'),
    ...meta('name', 'twitter:title', preview.title),
    ...meta('name', 'twitter:description', preview.description),
    ...meta('name', 'twitter:image', imageUrl),
    ...meta('name', 'twitter:image:alt', image.alt),
  ].join('\n    ');
}

/** The tags a preview replaces: the page's generic title, description, canonical link, Open Graph and Twitter ones. */
const GENERIC_TAG =
  /<title\b[^>]*>[\s\S]*?<\/title>\s*|<meta\s+(?:name|property)="(?:description|og:[^"]*|twitter:[^"]*|profile:[^"]*)"[^>]*>\s*|<link\s+rel="canonical"[^>]*>\s*/gi;

/** Elements whose content is not markup (split keeps them at the odd indexes). */
const RAW_TEXT = /(<script\b[^>]*>[\s\S]*?<\/script>|<style\b[^>]*>[\s\S]*?<\/style>)/i;

/**
 * The web app's index.html with the preview's tags in place of its generic ones; only the head's
 * tags change, so its inline script (and the hash the CSP allows it by) stays as built. Null when
 * the page has no head to put them in.
 */
export function withPreview(indexHtml: string, preview: LinkPreview, base: string): string | null {
  const end = indexHtml.search(/<\/head>/i);
  if (end < 0) return null;
  // Script and style bodies are left as they are, whatever text they hold.
  const head = indexHtml
    .slice(0, end)
    .split(RAW_TEXT)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(GENERIC_TAG, '')))
    .join('');
  return `${head}  ${previewTags(preview, base)}\n  ${indexHtml.slice(end)}`;
}

/** The configured public address as a base for absolute URLs: origin and path, no trailing slash. */
export function previewBase(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** A public address on this machine only: what PUBLIC_URL defaults to, useless in a link shared elsewhere. */
export function isLoopbackUrl(publicUrl: string): boolean {
  const host = new URL(publicUrl).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.') || host === '[::1]';
}
