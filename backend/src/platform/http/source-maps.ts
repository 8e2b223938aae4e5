/**
 * Source maps of the web app: they hold its whole source (sourcesContent), so the server never
 * serves one, even when a build wrote them (vite `build.sourcemap` is off; 'hidden' would still
 * write them into dist/assets). A request for one answers 404, not the web app's index.html.
 */
export const SOURCE_MAP_GLOB = '**/*.map';

/** A path (query and fragment ignored, percent-escapes decoded) naming a `.map` file. */
export function isSourceMapPath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A broken escape is not a file name the static files could have.
  }
  return /\.map$/i.test(path) || /\.map$/i.test(decoded);
}
