/**
 * One value per name: `?q=a&q=b` reads as `q=a`. Every handler takes query parameters as strings
 * (none takes a list), and an array where a string was expected failed deep inside (500).
 */
export function parseQueryString(query: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(query)) {
    if (!(name in out)) out[name] = value;
  }
  return out;
}
