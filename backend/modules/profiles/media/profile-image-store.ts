import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { Inject, Injectable } from '@nestjs/common';

import type { AppConfig } from '../../../src/platform/config';
import { newId } from '../../../src/platform/ids';
import { APP_CONFIG } from '../../../src/platform/tokens';
import { MIME_BY_EXT, type SniffedImage } from './sniff-image';

/** Public path prefix of stored profile pictures. */
export const PROFILE_MEDIA_PATH = '/media/profiles';
const NAME = /^[0-9a-f-]{36}\.(jpg|png|gif|webp)$/;

/**
 * Profile pictures on local disk under MEDIA_DIR, stored as uploaded. The resize pipeline (sharp
 * variants through the job queue) and other blob engines belong to the media module (issue 6).
 */
@Injectable()
export class ProfileImageStore {
  private readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = join(config.mediaDir, 'profiles');
  }

  /** Stores the bytes under a fresh name; answers the URL the profile keeps. */
  async save(bytes: Buffer, image: SniffedImage): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${newId()}.${image.ext}`;
    // Written aside and renamed, so a reader never sees half a file.
    const partial = join(this.dir, `.${name}.part`);
    await writeFile(partial, bytes);
    await rename(partial, join(this.dir, name));
    return `${PROFILE_MEDIA_PATH}/${name}`;
  }

  /** Removes a stored picture by its URL (a picture the profile no longer shows); unknown URLs are ignored. */
  async remove(url: string | null): Promise<void> {
    const name = url?.startsWith(`${PROFILE_MEDIA_PATH}/`) ? url.slice(PROFILE_MEDIA_PATH.length + 1) : null;
    if (name && NAME.test(name)) await rm(join(this.dir, name), { force: true });
  }

  /** The stored file, or null for an unknown or malformed name (no path ever leaves the folder). */
  async read(name: string): Promise<{ bytes: Buffer; mime: string } | null> {
    const m = NAME.exec(name);
    if (!m) return null;
    try {
      return { bytes: await readFile(join(this.dir, name)), mime: MIME_BY_EXT[m[1] as SniffedImage['ext']] };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
}
