import { MB } from '../limits';
import { checkMediaPolicy } from './media-policy';

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
});
