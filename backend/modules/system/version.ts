import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The app version from the root package.json (works from source and from dist/server). */
export const APP_VERSION: string = (() => {
  for (const up of ['../../..', '../../../..']) {
    try {
      const pkg = JSON.parse(readFileSync(join(__dirname, up, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'deenconnect' && pkg.version) return pkg.version;
    } catch {
      // try the next level
    }
  }
  return '0.0.0';
})();
