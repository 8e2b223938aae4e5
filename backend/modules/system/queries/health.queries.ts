import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import type { EventStore } from '@platform/event-store/event-store.port';
import type { JobQueue } from '@platform/jobs/job-queue.port';
import { canProcessVideo, type ToolChoice } from '@platform/media-tools';
import { PROJECTION_STATE_COLLECTION } from '@platform/read-models';
import type { ReadStore } from '@platform/read-store/read-store.port';
import { APP_CONFIG, EVENT_STORE, JOB_QUEUE, READ_STORE } from '@platform/tokens';

import { APP_VERSION } from '../version';

export interface Health {
  status: 'ok' | 'degraded';
  eventStore: string;
  readStore: string;
  queue: string;
  version: string;
  /** The ffmpeg and ffprobe chosen at start (where from, which version); null before any check ran. */
  media: MediaToolsHealth | null;
  /** Present when degraded: which store failed to answer. */
  problems?: string[];
}

export interface MediaToolsHealth {
  ffmpeg: { source: string; version: string } | null;
  ffprobe: { source: string; version: string } | null;
  /** False when video and audio uploads are refused for want of the tools. */
  videoUploads: boolean;
}

const tool = (choice: ToolChoice | null) => (choice ? { source: choice.source, version: choice.version } : null);

/** Answers with the engines in use after asking each store a trivial question. */
@Injectable()
export class HealthQueries {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(JOB_QUEUE) private readonly jobQueue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async health(): Promise<Health> {
    const problems: string[] = [];
    await Promise.all([
      this.eventStore.headCheckpoint().catch(() => problems.push('eventStore')),
      this.readStore
        .collection(PROJECTION_STATE_COLLECTION)
        .count()
        .catch(() => problems.push('readStore')),
    ]);
    return {
      status: problems.length ? 'degraded' : 'ok',
      eventStore: this.eventStore.engine,
      readStore: this.readStore.engine,
      queue: this.jobQueue.engine,
      version: APP_VERSION,
      media: this.mediaTools(),
      ...(problems.length ? { problems } : {}),
    };
  }

  private mediaTools(): MediaToolsHealth | null {
    const tools = this.config.ffmpeg.tools;
    if (!tools) return null;
    return { ffmpeg: tool(tools.ffmpeg), ffprobe: tool(tools.ffprobe), videoUploads: canProcessVideo(tools) };
  }
}
