import { createReadStream } from 'node:fs';
import { stat as statFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

import { assertKey, type BlobBody, type BlobStat, type BlobStore, type ByteRange } from './blob-store.port';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** Non-AWS servers (MinIO, R2, ...): path-style addressing. */
  endpoint: string | null;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Key prefix inside the bucket (tests use one per run). */
  prefix?: string;
}

/** Blobs in an S3-compatible bucket. Kept thin: each method is one S3 call (list pages). */
export class S3BlobStore implements BlobStore {
  readonly engine = 's3' as const;
  private readonly prefix: string;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    prefix = '',
  ) {
    this.prefix = prefix;
  }

  static create(options: S3BlobStoreOptions): S3BlobStore {
    const client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
    return new S3BlobStore(client, options.bucket, options.prefix);
  }

  async put(key: string, body: BlobBody, options: { contentType?: string; ifAbsent?: boolean } = {}): Promise<boolean> {
    const payload = Buffer.isBuffer(body)
      ? { Body: body, ContentLength: body.length }
      : { Body: createReadStream(body.file), ContentLength: (await statFile(body.file)).size };
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          ...payload,
          ContentType: options.contentType,
          // Conditional write: S3 (since 2024) and MinIO answer 412 when the key exists.
          ...(options.ifAbsent ? { IfNoneMatch: '*' } : {}),
        }),
      );
      return true;
    } catch (err) {
      if (options.ifAbsent && statusOf(err) === 412) return false;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return out.Body as Readable;
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return { size: out.ContentLength ?? 0, lastModified: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }

  async list(prefix: string): Promise<{ key: string; size: number; lastModified: Date }[]> {
    const out: { key: string; size: number; lastModified: Date }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key)
          out.push({
            key: o.Key.slice(this.prefix.length),
            size: o.Size ?? 0,
            lastModified: o.LastModified ?? new Date(0),
          });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private key(key: string): string {
    assertKey(key);
    return this.prefix + key;
  }
}

function statusOf(err: unknown): number | undefined {
  if (err instanceof S3ServiceException) return err.$metadata.httpStatusCode;
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}
