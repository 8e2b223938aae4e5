/** The languages the app speaks (the web app's, and its mails'). */
export type AppLanguage = 'en' | 'ar';

/**
 * The language the asker reads, from Accept-Language: the web app sends the one its reader chose
 * (the browser's own list otherwise says only what the device is set to). The best-weighted tag we
 * speak wins; English when none is ours.
 */
export function requestLanguage(request: { headers: Record<string, string | string[] | undefined> }): AppLanguage {
  const header = request.headers['accept-language'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { language: AppLanguage; q: number } | null = null;
  for (const part of value.slice(0, 512).split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0];
    if (language !== 'ar' && language !== 'en') continue;
    const weight = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
    const q = weight === undefined ? 1 : Number(weight);
    if (q > 0 && (!best || q > best.q)) best = { language, q };
  }
  return best?.language ?? 'en';
}
