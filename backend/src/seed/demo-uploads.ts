import { createHash } from 'node:crypto';

import type { INestApplication } from '@nestjs/common';
import type { CommandMetadata } from '@platform/decider';

import { MEDIA_LIMITS, type MediaPurpose, UploadsService } from '../../modules/media';

export interface SeedFile {
  bytes: Buffer;
  filename: string;
  fileType: string;
  purpose: MediaPurpose;
}

/**
 * Uploads a file as the member would from the course editor: the chunked upload's init, its 1 MB
 * chunks and finalize (the same service calls as /api/uploads), so the file is sniffed, stored,
 * recorded and processed into its variants like any upload. Answers the media id.
 */
export async function uploadAs(
  app: INestApplication,
  ownerId: string,
  file: SeedFile,
  meta: CommandMetadata,
): Promise<string> {
  const uploads = app.get(UploadsService);
  const size = file.bytes.length;
  const chunk = MEDIA_LIMITS.chunkBytes;
  const totalChunks = Math.ceil(size / chunk);
  const { uploadId } = await uploads.init(
    ownerId,
    {
      filename: file.filename,
      fileSize: size,
      fileType: file.fileType,
      totalChunks,
      checksum: createHash('sha256').update(file.bytes).digest('hex'),
      metadata: {},
      purpose: file.purpose,
    },
    meta,
  );
  for (let i = 0; i < totalChunks; i++) {
    const end = Math.min(size, (i + 1) * chunk) - 1;
    await uploads.putChunk(
      ownerId,
      uploadId,
      i,
      file.bytes.subarray(i * chunk, end + 1),
      `bytes ${i * chunk}-${end}/${size}`,
    );
  }
  return (await uploads.finalize(ownerId, uploadId, meta)).mediaId;
}

/** Runs `work` over `items` with at most `limit` at a time, answers in the items' order. */
export async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T, i: number) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
