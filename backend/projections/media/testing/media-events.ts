import type { MediaEvent, MediaVariant } from '@modules/media';

// The uploader, variants and uploads of the media projector's tests (media.*.test.ts).

export const OWNER = '0190d7c4-0000-7000-8000-00000000000a';
export const now = () => new Date().toISOString();
export const variant = (name: string, role: MediaVariant['role'], mime: string): MediaVariant => ({
  name,
  key: `media/x/${name}`,
  mime,
  role,
  width: 320,
  height: 180,
  bytes: 10,
});

export function uploaded(mediaId: string, kind: 'video' | 'image'): MediaEvent {
  return {
    type: 'MediaUploaded',
    data: {
      mediaId,
      ownerId: OWNER,
      kind,
      mime: kind === 'video' ? 'video/mp4' : 'image/png',
      ext: kind === 'video' ? 'mp4' : 'png',
      bytes: 100,
      sha256: 's',
      originalKey: `media/${mediaId}/original`,
      purpose: 'post',
      maxDurationSeconds: 90,
      uploadedAt: now(),
    },
  };
}
