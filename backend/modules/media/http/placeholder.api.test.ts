import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import sharp from 'sharp';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';

describeOnProfiles('placeholder image and sample video', (rt) => {
  const server = () => request(rt().http!.getHttpServer());

  it('renders a PNG of the asked size with the text, Arabic included', async () => {
    const res = await server()
      .get('/api/placeholder-image')
      .query({ text: 'صورة غير متاحة', width: 320, height: 200 })
      .buffer(true)
      .expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const meta = await sharp(res.body as Buffer).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'png',
      width: 320,
      height: 200,
    });
    // Not a blank picture: the text darkened some pixels.
    const stats = await sharp(res.body as Buffer).stats();
    expect(stats.channels[0]!.min).toBeLessThan(120);
    const plain = await server().get('/api/placeholder-image').buffer(true).expect(200);
    expect((await sharp(plain.body as Buffer).metadata()).width).toBe(400);
  });

  it('refuses sizes over 2000, bad numbers and text over 100 characters', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ width: '2001' }, 'width must be a whole number between 1 and 2000'],
      [{ height: '0' }, 'height must be a whole number between 1 and 2000'],
      [{ width: '12.5' }, 'width must be a whole number between 1 and 2000'],
      [{ text: 'x'.repeat(101) }, 'text must be at most 100 characters'],
    ];
    for (const [query, message] of cases) {
      const res = await server().get('/api/placeholder-image').query(query);
      expect([res.status, res.body]).toEqual([400, { error: 'Bad Request', message, code: 'VALIDATION_FAILED' }]);
    }
    await server()
      .get('/api/placeholder-image')
      .query({ text: 'x'.repeat(100), width: '2000', height: '2000' })
      .expect(200);
    // Markup in the text is drawn as text, never interpreted.
    await server().get('/api/placeholder-image').query({ text: '<svg onload=alert(1)>&' }).expect(200);
  });

  it('makes the sample clip once, then serves it with byte ranges', async () => {
    const first = await server().get('/api/placeholder-video').buffer(true).expect(200);
    expect(first.headers['content-type']).toBe('video/mp4');
    const bytes = first.body as Buffer;
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    const dir = mkdtempSync(join(tmpdir(), 'dc-sample-test-'));
    try {
      writeFileSync(join(dir, 's.mp4'), bytes);
      const probe = JSON.parse(
        execFileSync('ffprobe', [
          '-v',
          'error',
          '-print_format',
          'json',
          '-show_format',
          '-show_streams',
          join(dir, 's.mp4'),
        ]).toString(),
      );
      expect(Number(probe.format.duration)).toBeCloseTo(5, 0);
      expect(probe.streams.map((s: { codec_name: string }) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const started = Date.now();
    const part = await server().get('/api/placeholder-video').set('Range', 'bytes=0-99').buffer(true).expect(206);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
    expect((part.body as Buffer).equals(bytes.subarray(0, 100))).toBe(true);
  });
});
