import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

import type { BlobStore } from '../storage/blob-store.port';

/**
 * Concatenates chunks in order into a local file while hashing them, so a 100 MB upload is
 * neither held in memory nor read twice.
 */
export async function assembleChunks(
  blobs: BlobStore,
  keys: string[],
  destination: string,
): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  const out = createWriteStream(destination, { flags: 'wx' });
  let bytes = 0;
  try {
    for (const key of keys) {
      const stream = await blobs.get(key);
      if (!stream) throw new Error(`Chunk vanished during assembly: ${key}`);
      for await (const part of stream) {
        const buf = part as Buffer;
        hash.update(buf);
        bytes += buf.length;
        if (!out.write(buf)) await once(out, 'drain');
      }
    }
    out.end();
    await once(out, 'finish');
  } catch (err) {
    out.destroy();
    throw err;
  }
  return { sha256: hash.digest('hex'), bytes };
}
