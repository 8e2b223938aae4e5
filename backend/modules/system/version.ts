import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The app version from the root package.json, found by walking up (works from source and dist). */
export const APP_VERSION: string = (() => {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'deenconnect' && pkg.version) return pkg.version;
    } catch {
      // no package.json here: keep walking up
    }
  }
  throw new Error('package.json of deenconnect not found above ' + __dirname);
})();
