import { open } from 'node:fs/promises';

import type { IngestSource } from './file-facts';

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type ReadAt = (offset: number, length: number) => Promise<Buffer>;

/**
 * Random access to an ingest source for container parsers, which only read the headers they walk:
 * a 100 MB file on disk is never loaded whole to find its track list.
 */
export async function withReader<T>(source: IngestSource, use: (read: ReadAt, size: number) => Promise<T>): Promise<T> {
  if ('buffer' in source) {
    const b = source.buffer;
    return use(async (offset, length) => b.subarray(offset, Math.min(b.length, offset + length)), b.length);
  }
  const handle = await open(source.path, 'r');
  try {
    const size = (await handle.stat()).size;
    return await use(async (offset, length) => {
      const buf = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      const { bytesRead } = await handle.read(buf, 0, buf.length, offset);
      return buf.subarray(0, bytesRead);
    }, size);
  } finally {
    await handle.close();
  }
}
