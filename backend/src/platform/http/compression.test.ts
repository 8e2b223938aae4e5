import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import Fastify, { type FastifyInstance } from 'fastify';

import { COMPRESS_THRESHOLD_BYTES, installCompression } from './compression';

/** installCompression on a bare Fastify: what goes out compressed, in which encoding, and what not. */
describe('answer compression', () => {
  let app: FastifyInstance;
  const big = { posts: Array.from({ length: 60 }, (_, i) => ({ id: `p${i}`, content: 'Assalamu alaikum' })) };
  const packed = Buffer.alloc(4 * COMPRESS_THRESHOLD_BYTES, 1);

  beforeAll(async () => {
    app = Fastify();
    await installCompression(app);
    app.get('/big', async () => big);
    app.get('/small', async () => ({ ok: true }));
    app.get('/video', async (_req, reply) => reply.type('video/mp4').send(packed));
    app.get('/upload', async (_req, reply) => reply.type('application/octet-stream').send(packed));
    app.get('/metrics', async (_req, reply) => reply.type('text/plain; version=0.0.4').send('# HELP x\n'.repeat(300)));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends JSON over 1 KB as Brotli when the client takes it, else gzip, naming the encoding and varying on it', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const br = await get('/big', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 4);

    const gz = await get('/big', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
  });

  it('sends it as it is to a client that takes no encoding', async () => {
    const plain = await get('/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
  });

  it('leaves answers under 1 KB, media and octet-stream alone, and compresses other text', async () => {
    for (const url of ['/small', '/video', '/upload']) {
      const res = await get(url, 'br, gzip');
      expect({ url, encoding: res.headers['content-encoding'] }).toEqual({ url, encoding: undefined });
    }
    expect((await get('/video', 'br')).rawPayload.equals(packed)).toBe(true);
    expect((await get('/metrics', 'gzip')).headers['content-encoding']).toBe('gzip');
  });
});
