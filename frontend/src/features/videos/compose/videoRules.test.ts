import { i18n } from '@/i18n';

import {
  canPost,
  canSaveDraft,
  captionCounter,
  checkVideoFile,
  checkVideoMetadata,
  draftProblem,
  postFailure,
  sizeInMb,
} from './videoRules';

const MB = 1024 * 1024;
const text = (key: string | null) => (key ? i18n.t(`videos.compose.error.${key}` as never) : null);

describe('video post rules (part 2 §5, §8)', () => {
  it('refuses by size, then type, with the spec texts', () => {
    expect(text(checkVideoFile({ size: 100 * MB + 1, type: 'video/mp4' }))).toBe('Video file must be 100MB or smaller');
    expect(text(checkVideoFile({ size: 5 * MB, type: 'video/webm' }))).toBe(
      'Only MP4 format is supported for optimal compatibility',
    );
    expect(checkVideoFile({ size: 100 * MB, type: 'video/mp4' })).toBeNull();
  });

  it('refuses a clip without a picture or longer than 90 seconds', () => {
    expect(text(checkVideoMetadata({ width: 0, height: 0, duration: 10 }))).toBe(
      'File appears to be audio-only or corrupted',
    );
    expect(text(checkVideoMetadata({ width: 640, height: 360, duration: 90.5 }))).toBe(
      'Video must be 90 seconds or shorter',
    );
    expect(checkVideoMetadata({ width: 640, height: 360, duration: 90 })).toBeNull();
    expect(text('corrupt')).toBe('Video file is corrupted or invalid');
  });

  it('colours the caption counter orange under 50 left and red under 10', () => {
    expect(captionCounter('')).toEqual({ remaining: 2200, tone: 'normal' });
    expect(captionCounter('x'.repeat(2150))).toEqual({ remaining: 50, tone: 'normal' });
    expect(captionCounter('x'.repeat(2151))).toEqual({ remaining: 49, tone: 'warning' });
    expect(captionCounter('x'.repeat(2190))).toEqual({ remaining: 10, tone: 'warning' });
    expect(captionCounter('x'.repeat(2191))).toEqual({ remaining: 9, tone: 'danger' });
  });

  it('enables Post with a video and a trimmed caption, Save Draft with either, neither while uploading', () => {
    expect(canPost({ hasVideo: true, caption: ' hi ', busy: false })).toBe(true);
    expect(canPost({ hasVideo: true, caption: '   ', busy: false })).toBe(false);
    expect(canPost({ hasVideo: false, caption: 'hi', busy: false })).toBe(false);
    expect(canPost({ hasVideo: true, caption: 'hi', busy: true })).toBe(false);
    expect(canSaveDraft({ hasVideo: false, caption: 'hi', busy: false })).toBe(true);
    expect(canSaveDraft({ hasVideo: true, caption: '', busy: false })).toBe(true);
    expect(canSaveDraft({ hasVideo: false, caption: '  ', busy: false })).toBe(false);
    expect(canSaveDraft({ hasVideo: true, caption: 'hi', busy: true })).toBe(false);
    expect(text(draftProblem({ hasVideo: false, caption: ' ' }))).toBe('Add a video or caption to save as draft.');
    expect(draftProblem({ hasVideo: false, caption: 'x' })).toBeNull();
  });

  it('shows sizes in MB to one decimal and maps server refusals to the composer texts', () => {
    expect(sizeInMb(1536 * 1024)).toBe('1.5');
    expect(sizeInMb(100 * MB)).toBe('100.0');
    expect(postFailure('Video must be 90 seconds or shorter')).toEqual({ key: 'tooLong' });
    expect(postFailure('Verify your email to post videos.')).toEqual({ text: 'Verify your email to post videos.' });
    expect(postFailure(null)).toEqual({ key: 'uploadFailed' });
    expect(text('uploadFailed')).toBe('Upload failed. Please check your connection and try again.');
  });
});
