import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';

import { SNIFF_BYTES } from '../domain/sniff-media';

/** A file to ingest: bytes in memory, or a local (temporary) file such as an assembled upload. */
export type IngestSource = { buffer: Buffer } | { path: string };

export async function sizeOf(source: IngestSource): Promise<number> {
  return 'buffer' in source ? source.buffer.length : (await stat(source.path)).size;
}

/** The first bytes, enough to sniff the type. */
export async function headOf(source: IngestSource): Promise<Buffer> {
  if ('buffer' in source) return source.buffer.subarray(0, SNIFF_BYTES);
  const handle = await open(source.path, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function sha256Of(source: IngestSource): Promise<string> {
  const hash = createHash('sha256');
  if ('buffer' in source) return hash.update(source.buffer).digest('hex');
  for await (const part of createReadStream(source.path)) hash.update(part as Buffer);
  return hash.digest('hex');
}
