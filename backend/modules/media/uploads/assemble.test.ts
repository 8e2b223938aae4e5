import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { LocalBlobStore } from '../storage/local.blob-store';
import { assembleChunks } from './assemble';

describe('assembleChunks', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dc-assemble-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('joins chunks in the given order and hashes what it wrote', async () => {
    const blobs = new LocalBlobStore(join(dir, 'blobs'));
    const parts = [Buffer.alloc(70_000, 1), Buffer.alloc(70_000, 2), Buffer.from('tail')];
    for (const [i, p] of parts.entries()) await blobs.put(`uploads/u/${i}`, p);
    const out = join(dir, 'joined');
    const result = await assembleChunks(blobs, ['uploads/u/0', 'uploads/u/1', 'uploads/u/2'], out);
    const whole = Buffer.concat(parts);
    expect(result).toEqual({ bytes: whole.length, sha256: createHash('sha256').update(whole).digest('hex') });
    expect((await readFile(out)).equals(whole)).toBe(true);
  });

  it('fails when a chunk is missing', async () => {
    const blobs = new LocalBlobStore(join(dir, 'blobs'));
    await expect(assembleChunks(blobs, ['uploads/u/0', 'uploads/u/9'], join(dir, 'partial'))).rejects.toThrow(
      /vanished/,
    );
  });
});
