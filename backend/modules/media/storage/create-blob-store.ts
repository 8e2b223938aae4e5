import type { AppConfig } from '../../../src/platform/config';
import type { BlobStore } from './blob-store.port';
import { LocalBlobStore } from './local.blob-store';
import type * as S3Module from './s3.blob-store';

/** S3 when a bucket is configured, else the local MEDIA_DIR. The S3 client loads only when used. */
export function createBlobStore(config: AppConfig): BlobStore {
  if (config.s3) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { S3BlobStore } = require('./s3.blob-store') as typeof S3Module;
    return S3BlobStore.create(config.s3);
  }
  return new LocalBlobStore(config.mediaDir);
}
