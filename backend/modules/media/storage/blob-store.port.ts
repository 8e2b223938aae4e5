import type { Readable } from 'node:stream';

/**
 * The blob storage port (ARCHITECTURE.md: local directory or S3-compatible, chosen by config).
 * Keys are server-made paths such as `media/<id>/w640.webp`; no client text ever becomes a key.
 * A write is all or nothing: a reader sees the old object, nothing, or the whole new one.
 */
export interface BlobStat {
  size: number;
  lastModified: Date;
}

/** A buffer, or a local file streamed with its known length (S3 needs the length up front). */
export type BlobBody = Buffer | { file: string };

/** Inclusive byte range, as HTTP Range has it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobStore {
  readonly engine: 'local' | 's3';
  /** Stores the object. With ifAbsent, an existing key is left untouched and false is answered. */
  put(key: string, body: BlobBody, options?: { contentType?: string; ifAbsent?: boolean }): Promise<boolean>;
  /** The object's bytes (or a range of them), or null when missing. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  stat(key: string): Promise<BlobStat | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key starting with prefix, sorted. */
  list(prefix: string): Promise<{ key: string; size: number; lastModified: Date }[]>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Keys are made by the server, but a bad one must never escape the store's root. */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.'))
    throw new Error(`Invalid blob key: ${key}`);
}
