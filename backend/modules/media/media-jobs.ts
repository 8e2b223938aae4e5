import { z } from 'zod';

import type { JobOptions } from '../../src/platform/jobs/job-queue.port';

/** Prepares one media item: image variants, or probe + poster + transcode, or a probe for audio. */
export const MEDIA_PROCESS_JOB = 'media.process';

const mediaProcessJobSchema = z.object({ mediaId: z.string().uuid() });
export type MediaProcessJob = z.infer<typeof mediaProcessJobSchema>;

export function parseMediaProcessJob(data: unknown): MediaProcessJob {
  const parsed = mediaProcessJobSchema.safeParse(data);
  if (!parsed.success)
    throw new Error(
      `Invalid ${MEDIA_PROCESS_JOB} job: ${parsed.error.issues.map((i) => i.path.join('.') || '(job)').join(', ')}`,
    );
  return parsed.data;
}

/** One job per media item (the id deduplicates a second enqueue); 3 tries, 2 s then 4 s apart. */
export const MEDIA_JOB_OPTIONS = { attempts: 3, backoffMs: 2000 } as const satisfies JobOptions;
export const mediaJobId = (mediaId: string) => `media-process-${mediaId}`;
