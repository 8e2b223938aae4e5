import { nanoid } from '@reduxjs/toolkit';

import type { ComposerMediaItem } from '../draft/draft';
import { admitFiles, checkSize, type FileProblem, type MediaKind } from './fileRules';
import { compressImage } from './imageCompression';
import { previewUrl, readMediaMetadata } from './mediaMetadata';

function item(file: File, type: MediaKind, extra: Partial<ComposerMediaItem> = {}): ComposerMediaItem {
  return {
    id: nanoid(),
    file,
    type,
    preview: type === 'document' ? '' : previewUrl(file),
    duration: null,
    dimensions: null,
    compressed: false,
    caption: '',
    ...extra,
  };
}

/**
 * Turns picked files into composer items: the §5 type, size and count rules, image compression
 * (§9), and the duration and frame size of videos and audio. Refused files come back as problems.
 */
export async function prepareMedia(
  picked: readonly File[],
  kind: MediaKind,
  existing: readonly { type: MediaKind }[],
): Promise<{ items: ComposerMediaItem[]; problems: FileProblem[] }> {
  const { accepted, problems } = admitFiles(picked, kind, existing);
  const prepared = await Promise.all(
    accepted.map(async (file): Promise<ComposerMediaItem | FileProblem> => {
      if (kind === 'image') {
        const image = await compressImage(file);
        // The 5MB rule applies to what is sent, so a large photo that compresses well is accepted.
        const tooLarge = checkSize({ name: file.name, size: image.file.size }, 'image');
        return tooLarge ?? item(image.file, 'image', { dimensions: image.dimensions, compressed: image.compressed });
      }
      if (kind === 'video' || kind === 'audio') {
        const meta = await readMediaMetadata(file, kind);
        return item(file, kind, { duration: meta.duration, dimensions: meta.dimensions });
      }
      return item(file, kind);
    }),
  );
  const items = prepared.filter((p): p is ComposerMediaItem => 'id' in p);
  return { items, problems: [...problems, ...prepared.filter((p): p is FileProblem => 'code' in p)] };
}

/** A finished voice recording as an audio item (§4: the result is attached as an audio item). */
export function recordedItem(file: File, seconds: number): ComposerMediaItem {
  return item(file, 'audio', { duration: seconds, recorded: true });
}
