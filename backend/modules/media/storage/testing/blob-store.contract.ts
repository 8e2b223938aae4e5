import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

import type { BlobStore } from '../blob-store.port';

export async function readAll(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('no stream');
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
}

/** The behaviour every BlobStore adapter must show; run once per reachable engine. */
export function describeBlobStoreContract(
  name: string,
  open: () => Promise<BlobStore & { dispose?(): Promise<void> }>,
) {
  describe(`BlobStore contract: ${name}`, () => {
    let store: BlobStore & { dispose?(): Promise<void> };
    let dir: string;
    beforeAll(async () => {
      store = await open();
      dir = await mkdtemp(join(tmpdir(), 'dc-blob-src-'));
    });
    afterAll(async () => {
      await store.dispose?.();
      await rm(dir, { recursive: true, force: true });
    });

    it('stores a buffer and reads it back whole and by byte range', async () => {
      const bytes = Buffer.from('0123456789abcdef');
      expect(await store.put('media/a1/original.txt', bytes, { contentType: 'text/plain' })).toBe(true);
      expect((await readAll(await store.get('media/a1/original.txt'))).toString()).toBe('0123456789abcdef');
      expect((await readAll(await store.get('media/a1/original.txt', { start: 2, end: 5 }))).toString()).toBe('2345');
      expect((await readAll(await store.get('media/a1/original.txt', { start: 15, end: 15 }))).toString()).toBe('f');
      const stat = await store.stat('media/a1/original.txt');
      expect(stat?.size).toBe(16);
      // Dates from node:fs belong to another realm than Jest's Date: compare times instead.
      expect(Math.abs(stat!.lastModified.getTime() - Date.now())).toBeLessThan(120_000);
    });

    it('stores a local file by streaming it', async () => {
      const file = join(dir, 'src.bin');
      const bytes = Buffer.alloc(300_000, 7);
      await writeFile(file, bytes);
      await store.put('media/a2/video.mp4', { file });
      expect((await readAll(await store.get('media/a2/video.mp4'))).equals(bytes)).toBe(true);
    });

    it('answers null for missing keys and ignores deleting them', async () => {
      expect(await store.get('media/missing/x.jpg')).toBeNull();
      expect(await store.stat('media/missing/x.jpg')).toBeNull();
      await expect(store.delete('media/missing/x.jpg')).resolves.toBeUndefined();
    });

    it('replaces an object, but never with ifAbsent', async () => {
      await store.put('uploads/u1/0', Buffer.from('first'));
      await store.put('uploads/u1/0', Buffer.from('second'));
      expect((await readAll(await store.get('uploads/u1/0'))).toString()).toBe('second');
      expect(await store.put('uploads/u1/0', Buffer.from('third'), { ifAbsent: true })).toBe(false);
      expect((await readAll(await store.get('uploads/u1/0'))).toString()).toBe('second');
      expect(await store.put('uploads/u1/1', Buffer.from('new'), { ifAbsent: true })).toBe(true);
    });

    it('lets exactly one of many racing ifAbsent writers win', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => store.put('uploads/race/0', Buffer.from(`w${i}`), { ifAbsent: true })),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('lists keys by prefix, sorted, and deletes them', async () => {
      await store.put('uploads/u2/10', Buffer.from('b'));
      await store.put('uploads/u2/2', Buffer.from('a'));
      await store.put('uploads/u20/0', Buffer.from('other'));
      const listed = await store.list('uploads/u2/');
      expect(listed.map((o) => o.key)).toEqual(['uploads/u2/10', 'uploads/u2/2']);
      expect(listed[0]!.size).toBe(1);
      expect(Math.abs(listed[0]!.lastModified.getTime() - Date.now())).toBeLessThan(120_000);
      expect((await store.list('uploads/u2')).map((o) => o.key)).toEqual([
        'uploads/u2/10',
        'uploads/u2/2',
        'uploads/u20/0',
      ]);
      for (const o of listed) await store.delete(o.key);
      expect(await store.list('uploads/u2/')).toEqual([]);
    });

    it('refuses keys that could leave the store', async () => {
      await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid blob key/);
      await expect(store.get('media/../../etc/passwd')).rejects.toThrow(/Invalid blob key/);
      await expect(store.stat('/abs')).rejects.toThrow(/Invalid blob key/);
    });
  });
}
