import { MB } from '../limits';
import { checkMediaPolicy, declaredKind } from './media-policy';

const jpeg = { kind: 'image', mime: 'image/jpeg', ext: 'jpg' } as const;
const mp4 = { kind: 'video', mime: 'video/mp4', ext: 'mp4' } as const;
const webm = { kind: 'video', mime: 'video/webm', ext: 'webm' } as const;
const pdf = { kind: 'document', mime: 'application/pdf', ext: 'pdf' } as const;
const voice = { kind: 'audio', mime: 'audio/webm', ext: 'webm' } as const;

describe('checkMediaPolicy', () => {
  it('takes images up to 5MB and other files up to 100MB in posts', () => {
    expect(checkMediaPolicy(jpeg, 5 * MB, 'post')).toBeNull();
    expect(checkMediaPolicy(jpeg, 5 * MB + 1, 'post', 'a.jpg')).toEqual({
      status: 413,
      code: 'FILE_TOO_LARGE',
      message: 'a.jpg exceeds the 5MB limit',
    });
    expect(checkMediaPolicy(pdf, 100 * MB, 'post')).toBeNull();
    expect(checkMediaPolicy(webm, 100 * MB + 1, 'post', 'v.webm')?.message).toBe('v.webm exceeds the 100MB limit');
  });

  it('refuses unknown types with the spec message', () => {
    expect(checkMediaPolicy(null, 10, 'post', 'x.exe')).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'x.exe is not a supported format',
    });
  });

  it('takes only images for image slots', () => {
    expect(checkMediaPolicy(pdf, 10, 'image', 'cv.pdf')?.status).toBe(415);
    expect(checkMediaPolicy(jpeg, 10, 'image')).toBeNull();
  });

  it('takes only MP4 up to 100MB for video posts', () => {
    expect(checkMediaPolicy(webm, 10, 'video-post')?.message).toBe('Only MP4 format is supported');
    expect(checkMediaPolicy(mp4, 100 * MB + 1, 'video-post')?.message).toBe('Video file must be 100MB or smaller');
    expect(checkMediaPolicy(mp4, 100 * MB, 'video-post')).toBeNull();
  });

  it('holds a voice note (audio from a video container) to the audio rules: 100MB in posts, never a profile picture', () => {
    expect(checkMediaPolicy(voice, 100 * MB, 'post')).toBeNull();
    expect(checkMediaPolicy(voice, 100 * MB + 1, 'post', 'voice.webm')?.message).toBe(
      'voice.webm exceeds the 100MB limit',
    );
    expect(checkMediaPolicy(voice, 10, 'image', 'voice.webm')).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'voice.webm is not a supported format',
    });
    expect(checkMediaPolicy(voice, 10, 'video-post')?.message).toBe('Only MP4 format is supported');
  });

  it('refuses bytes that are not what the name or type declared, rather than keeping them as a document', () => {
    const text = { kind: 'document', mime: 'text/plain; charset=utf-8', ext: 'txt' } as const;
    const refused = (name: string) => ({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: `${name} is not a supported format`,
    });
    // An HTML page named .png, a shell script named .jpg, an SVG (text to the sniffer, never an image).
    expect(checkMediaPolicy(text, 10, 'post', 'page.png')).toEqual(refused('page.png'));
    expect(checkMediaPolicy(text, 10, 'post', 'run.JPG')).toEqual(refused('run.JPG'));
    expect(checkMediaPolicy(text, 10, 'post', 'logo.svg')).toEqual(refused('logo.svg'));
    expect(checkMediaPolicy(pdf, 10, 'post', 'clip.mp4')).toEqual(refused('clip.mp4'));
    expect(checkMediaPolicy(text, 10, 'post', 'song.mp3')).toEqual(refused('song.mp3'));
    // The declared MIME type counts when the name says nothing.
    expect(checkMediaPolicy(text, 10, 'post', 'upload', declaredKind('upload', 'image/png'))?.status).toBe(415);
    // Documents stay documents, and a voice note may sit in a video container either way round.
    expect(checkMediaPolicy(text, 10, 'post', 'notes.txt')).toBeNull();
    expect(checkMediaPolicy(pdf, 10, 'post', 'cv.pdf')).toBeNull();
    expect(checkMediaPolicy(voice, 10, 'post', 'voice.webm')).toBeNull();
    expect(checkMediaPolicy(webm, 10, 'post', 'voice.weba')).toBeNull();
    expect(checkMediaPolicy(jpeg, 10, 'post', 'photo.png')).toBeNull();
  });
});

it('refuses an image whose header promises more pixels than the workers may decode', () => {
  expect(checkMediaPolicy({ ...jpeg, pixels: 50_000_000 }, 10, 'post', 'big.jpg')).toBeNull();
  expect(checkMediaPolicy({ ...jpeg, pixels: 400_000_000 }, 10, 'post', 'bomb.png')).toEqual({
    status: 422,
    code: 'IMAGE_TOO_LARGE',
    message: 'bomb.png is too large: images may have at most 50 megapixels',
  });
});

describe('declaredKind', () => {
  it('reads the MIME type first, then the extension', () => {
    expect(declaredKind('a.txt', 'image/svg+xml')).toBe('image');
    expect(declaredKind('a.svg')).toBe('image');
    expect(declaredKind('clip.MOV')).toBe('video');
    expect(declaredKind('note.m4a', '')).toBe('audio');
    expect(declaredKind('report.pdf', 'application/pdf')).toBeNull();
    expect(declaredKind('no-extension')).toBeNull();
  });
});
