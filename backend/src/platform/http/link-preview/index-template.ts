import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The built web app's index.html, read once at start: a preview page is that text with other head
 * tags. Read again while it is missing (a build still being copied in), never per request after.
 */
export class IndexTemplate {
  private html: string | null = null;

  constructor(private readonly dist: string) {
    this.load();
  }

  get(): string | null {
    return this.html ?? this.load();
  }

  private load(): string | null {
    try {
      this.html = readFileSync(join(this.dist, 'index.html'), 'utf8');
    } catch {
      this.html = null;
    }
    return this.html;
  }
}
