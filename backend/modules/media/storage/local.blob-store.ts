import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';

import { assertKey, type BlobBody, type BlobStat, type BlobStore, type ByteRange } from './blob-store.port';

/** Temporary names start with a dot and are skipped by list(): readers never see half a file. */
const TEMP_PREFIX = '.tmp-';

/** Blobs as files under one directory (MEDIA_DIR); keys are relative paths. */
export class LocalBlobStore implements BlobStore {
  readonly engine = 'local' as const;

  constructor(private readonly root: string) {}

  async put(key: string, body: BlobBody, options: { ifAbsent?: boolean } = {}): Promise<boolean> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = join(dirname(path), `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    if (Buffer.isBuffer(body)) await writeFile(temp, body);
    else await copyFile(body.file, temp);
    if (!options.ifAbsent) {
      await rename(temp, path);
      return true;
    }
    // link() fails when the name exists, so two racing writers cannot both win.
    try {
      await link(temp, path);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    } finally {
      await unlink(temp).catch(() => undefined);
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const path = this.path(key);
    if (!(await this.stat(key))) return null;
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const s = await stat(this.path(key));
      return s.isFile() ? { size: s.size, lastModified: s.mtime } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR')
        return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async list(prefix: string): Promise<{ key: string; size: number; lastModified: Date }[]> {
    // Walk only the deepest directory the prefix names, not the whole store.
    const slash = prefix.lastIndexOf('/');
    const base = slash >= 0 ? prefix.slice(0, slash) : '';
    if (base) assertKey(base);
    const out: { key: string; size: number; lastModified: Date }[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        const full = join(dir, entry.name);
        const key = relative(this.root, full).split(sep).join('/');
        if (entry.isDirectory()) {
          if (prefix.startsWith(`${key}/`) || key.startsWith(prefix) || `${key}/`.startsWith(prefix)) await walk(full);
        } else if (entry.isFile() && key.startsWith(prefix)) {
          const s = await stat(full).catch(() => null);
          if (s) out.push({ key, size: s.size, lastModified: s.mtime });
        }
      }
    };
    await walk(base ? join(this.root, base) : this.root);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private path(key: string): string {
    assertKey(key);
    return join(this.root, ...key.split('/'));
  }
}
