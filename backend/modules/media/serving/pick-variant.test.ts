import type { MediaVariant } from '../events';
import { formatFor, pickVariant } from './pick-variant';

const set: MediaVariant[] = [320, 640, 1024].flatMap((w) =>
  (['image/avif', 'image/webp', 'image/jpeg'] as const).map((mime) => ({
    name: `w${w}.${mime.slice(6)}`,
    key: `k/w${w}`,
    mime,
    role: 'image' as const,
    width: w,
    height: w / 2,
    bytes: 1,
  })),
);

describe('pickVariant', () => {
  it('prefers AVIF, then WebP, then JPEG by Accept', () => {
    expect(formatFor('image/avif,image/webp,*/*')).toBe('avif');
    expect(formatFor('image/webp,*/*')).toBe('webp');
    expect(formatFor('*/*')).toBe('jpeg');
    expect(formatFor(undefined)).toBe('jpeg');
  });

  it('serves the smallest width covering the request, else the largest', () => {
    expect(pickVariant(set, { w: 300, accept: 'image/webp' })).toMatchObject({ width: 320, mime: 'image/webp' });
    expect(pickVariant(set, { w: 641, f: 'jpeg' })).toMatchObject({ width: 1024, mime: 'image/jpeg' });
    expect(pickVariant(set, { w: 4000, f: 'avif' })).toMatchObject({ width: 1024, mime: 'image/avif' });
    expect(pickVariant(set, {})).toMatchObject({ width: 1024, mime: 'image/jpeg' });
  });

  it('turns a height into a width by the aspect ratio', () => {
    // 1024x512 set: h=300 needs width 600 -> 640.
    expect(pickVariant(set, { h: 300, f: 'webp' })).toMatchObject({ width: 640 });
  });

  it('falls back to JPEG when a format was not prepared', () => {
    const jpegOnly = set.filter((v) => v.mime === 'image/jpeg');
    expect(pickVariant(jpegOnly, { w: 320, f: 'avif' })).toMatchObject({ width: 320, mime: 'image/jpeg' });
    expect(pickVariant([], {})).toBeNull();
  });
});
