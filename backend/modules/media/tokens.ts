/** The media module's blob storage (BlobStore port). */
export const BLOB_STORE = Symbol('MEDIA_BLOB_STORE');
