/** Where a media item's files live in blob storage: one folder per item, server-made names only. */
export const mediaPrefix = (mediaId: string) => `media/${mediaId}/`;
export const originalKey = (mediaId: string, ext: string) => `${mediaPrefix(mediaId)}original.${ext}`;
export const variantKey = (mediaId: string, name: string) => `${mediaPrefix(mediaId)}${name}`;

/** Chunks of an open upload: uploads/<uploadId>/<index, zero-padded so keys sort in order>. */
export const uploadPrefix = (uploadId: string) => `uploads/${uploadId}/`;
export const chunkKey = (uploadId: string, index: number) =>
  `${uploadPrefix(uploadId)}${String(index).padStart(6, '0')}`;
export const UPLOADS_ROOT = 'uploads/';
