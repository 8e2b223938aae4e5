import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { LocalBlobStore } from './local.blob-store';
import { S3BlobStore } from './s3.blob-store';
import { describeBlobStoreContract } from './testing/blob-store.contract';

describeBlobStoreContract('local directory', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'dc-blobs-'));
  return Object.assign(new LocalBlobStore(dir), { dispose: () => rm(dir, { recursive: true, force: true }) });
});

// Needs a server (MinIO, AWS): S3_ENDPOINT plus S3_BUCKET (default dc-test) and credentials.
if (process.env.S3_ENDPOINT) {
  describeBlobStoreContract('s3', async () => {
    const store = S3BlobStore.create({
      endpoint: process.env.S3_ENDPOINT!,
      bucket: process.env.S3_BUCKET ?? 'dc-test',
      region: process.env.S3_REGION ?? 'us-east-1',
      credentials:
        process.env.S3_ACCESS_KEY_ID && process.env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: process.env.S3_ACCESS_KEY_ID, secretAccessKey: process.env.S3_SECRET_ACCESS_KEY }
          : null,
      // A prefix of its own per run, removed after.
      prefix: `dc-test-${randomBytes(4).toString('hex')}/`,
    });
    return Object.assign(store, {
      async dispose() {
        for (const o of await store.list('')) await store.delete(o.key);
      },
    });
  });
}
