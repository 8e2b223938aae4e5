import type { MediaView } from './media.queries';
import { shareImageOf } from './share-image';

const variant = (role: string, width: number, mime: string) => ({
  url: `/media/m1/${role}-w${width}.${mime.slice(6)}`,
  mime,
  width,
  height: width / 2,
  role,
});

const view = (over: Partial<MediaView>): MediaView => ({
  id: 'm1',
  kind: 'image',
  mime: 'image/png',
  bytes: 1,
  name: null,
  status: 'ready',
  width: 1920,
  height: 960,
  durationSeconds: null,
  url: '/media/m1',
  posterUrl: null,
  variants: [],
  error: null,
  ...over,
});

describe('shareImageOf', () => {
  it("takes an image's widest JPEG up to 1280 px, never WebP or AVIF", () => {
    const variants = [320, 640, 1024, 1280, 1920].flatMap((w) =>
      ['image/avif', 'image/webp', 'image/jpeg'].map((m) => variant('image', w, m)),
    );
    expect(shareImageOf(view({ variants }), 'caption')).toEqual({
      path: '/media/m1/image-w1280.jpeg',
      width: 1280,
      height: 640,
      alt: 'caption',
    });
  });

  it('takes the smallest JPEG when every one is wider, and nothing before one is prepared', () => {
    expect(shareImageOf(view({ variants: [variant('image', 1920, 'image/jpeg')] }))?.width).toBe(1920);
    expect(shareImageOf(view({ status: 'processing', variants: [] }))).toBeNull();
    expect(shareImageOf(view({ variants: [variant('image', 640, 'image/webp')] }))).toBeNull();
    expect(shareImageOf(undefined)).toBeNull();
  });

  it("takes a clip's poster, and nothing of audio or a document", () => {
    const variants = [variant('poster', 640, 'image/jpeg'), variant('video', 640, 'video/mp4')];
    expect(shareImageOf(view({ kind: 'video', variants }))?.path).toBe('/media/m1/poster-w640.jpeg');
    expect(shareImageOf(view({ kind: 'audio', variants: [variant('image', 640, 'image/jpeg')] }))).toBeNull();
    expect(shareImageOf(view({ kind: 'document', variants: [variant('image', 640, 'image/jpeg')] }))).toBeNull();
  });
});
