import { compressImage, targetSize } from './imageCompression';

describe('targetSize', () => {
  it('keeps images whose longest side is at most 1200 px', () => {
    expect(targetSize({ width: 1200, height: 800 })).toEqual({ width: 1200, height: 800, scaled: false });
    expect(targetSize({ width: 640, height: 480 })).toEqual({ width: 640, height: 480, scaled: false });
  });

  it('scales the longest side down to 1200 px and keeps the aspect ratio', () => {
    expect(targetSize({ width: 4000, height: 3000 })).toEqual({ width: 1200, height: 900, scaled: true });
    expect(targetSize({ width: 1080, height: 1920 })).toEqual({ width: 675, height: 1200, scaled: true });
    expect(targetSize({ width: 2400, height: 2400 })).toEqual({ width: 1200, height: 1200, scaled: true });
  });

  it('never gives a side below 1 px', () => {
    expect(targetSize({ width: 100_000, height: 10 })).toEqual({ width: 1200, height: 1, scaled: true });
  });

  it('takes another maximum', () => {
    expect(targetSize({ width: 3000, height: 1000 }, 600)).toEqual({ width: 600, height: 200, scaled: true });
  });

  it('refuses sizes that are not positive', () => {
    expect(() => targetSize({ width: 0, height: 10 })).toThrow(RangeError);
    expect(() => targetSize({ width: Number.NaN, height: 10 })).toThrow(RangeError);
  });
});

describe('compressImage', () => {
  const original = { createImageBitmap: (globalThis as { createImageBitmap?: unknown }).createImageBitmap };
  let drawn: unknown[];
  let toBlobArgs: unknown[];

  beforeEach(() => {
    drawn = [];
    toBlobArgs = [];
    (globalThis as { createImageBitmap?: unknown }).createImageBitmap = jest.fn(async () => ({
      width: 3000,
      height: 2000,
      close: jest.fn(),
    }));
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      return {
        fillStyle: '',
        fillRect: jest.fn(),
        drawImage: (...args: unknown[]) => drawn.push(args),
      } as unknown as CanvasRenderingContext2D;
    } as never);
    jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      done: BlobCallback,
      type?: string,
      quality?: unknown,
    ) {
      toBlobArgs = [this.width, this.height, type, quality];
      done(new Blob([new Uint8Array(1000)], { type: 'image/jpeg' }));
    });
  });

  afterEach(() => {
    (globalThis as { createImageBitmap?: unknown }).createImageBitmap = original.createImageBitmap;
    jest.restoreAllMocks();
  });

  it('re-encodes as JPEG at quality 0.8 with the longest side at 1200 px', async () => {
    const file = new File([new Uint8Array(50_000)], 'holiday.png', { type: 'image/png' });
    const result = await compressImage(file);
    expect(toBlobArgs).toEqual([1200, 800, 'image/jpeg', 0.8]);
    expect(drawn[0]).toEqual([expect.anything(), 0, 0, 1200, 800]);
    expect(result.compressed).toBe(true);
    expect(result.dimensions).toEqual({ width: 1200, height: 800 });
    expect(result.file.name).toBe('holiday.jpg');
    expect(result.file.type).toBe('image/jpeg');
    expect(result.file.size).toBe(1000);
  });

  it('leaves GIFs alone so they keep their animation', async () => {
    const file = new File([new Uint8Array(10)], 'cat.gif', { type: 'image/gif' });
    const result = await compressImage(file);
    expect(result).toEqual({ file, dimensions: null, compressed: false });
    expect(globalThis.createImageBitmap).not.toHaveBeenCalled();
  });

  it('keeps a small image whose re-encoding would not be smaller', async () => {
    (globalThis as { createImageBitmap?: unknown }).createImageBitmap = jest.fn(async () => ({
      width: 300,
      height: 200,
      close: jest.fn(),
    }));
    const file = new File([new Uint8Array(500)], 'small.jpg', { type: 'image/jpeg' });
    const result = await compressImage(file);
    expect(result.file).toBe(file);
    expect(result.compressed).toBe(false);
    expect(result.dimensions).toEqual({ width: 300, height: 200 });
  });

  it('sends the original when the browser cannot decode the image', async () => {
    (globalThis as { createImageBitmap?: unknown }).createImageBitmap = jest.fn(async () => {
      throw new Error('decode failed');
    });
    const file = new File([new Uint8Array(10)], 'broken.jpg', { type: 'image/jpeg' });
    expect(await compressImage(file)).toEqual({ file, dimensions: null, compressed: false });
  });

  it('does nothing where the browser has no createImageBitmap', async () => {
    delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
    const file = new File([new Uint8Array(10)], 'photo.jpg', { type: 'image/jpeg' });
    expect(await compressImage(file)).toEqual({ file, dimensions: null, compressed: false });
  });
});
