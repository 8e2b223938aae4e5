import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { Inject, Injectable } from '@nestjs/common';

import type { AppConfig } from '../../../src/platform/config';
import { APP_CONFIG } from '../../../src/platform/tokens';
import type { BlobStore } from '../storage/blob-store.port';
import { BLOB_STORE } from '../tokens';

const run = promisify(execFile);

/** Bump the version when the recipe changes: the old file stays cached under its old key. */
export const SAMPLE_VIDEO_KEY = 'placeholders/sample-v1.mp4';

/** The recipe: 5 s of test pattern and a tone, 640x360, H.264 High + AAC, faststart (plays everywhere). */
export function sampleVideoArgs(output: string): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=24',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100',
    '-t',
    '5',
    '-c:v',
    'libx264',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-preset',
    'veryfast',
    '-crf',
    '30',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    '-map_metadata',
    '-1',
    '-shortest',
    output,
  ];
}

/**
 * The sample clip of /api/placeholder-video (the media test pages): made once with ffmpeg on first
 * request and kept in blob storage, so every later request (and every instance) serves the file.
 */
@Injectable()
export class SampleVideo {
  private making: Promise<string> | null = null;

  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The blob key of the clip; concurrent first requests share one ffmpeg run. */
  async key(): Promise<string> {
    if (await this.blobs.stat(SAMPLE_VIDEO_KEY)) return SAMPLE_VIDEO_KEY;
    this.making ??= this.make().finally(() => {
      this.making = null;
    });
    return this.making;
  }

  private async make(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'dc-sample-'));
    try {
      const file = join(dir, 'sample.mp4');
      await run(this.config.ffmpeg.ffmpegPath, sampleVideoArgs(file), { timeout: 60_000 });
      await this.blobs.put(SAMPLE_VIDEO_KEY, { file }, { contentType: 'video/mp4' });
      return SAMPLE_VIDEO_KEY;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
