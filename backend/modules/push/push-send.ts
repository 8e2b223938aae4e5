import type { AppConfig } from '@platform/config';
import { fold } from '@platform/decider/decider';
import { handleCommand } from '@platform/decider/handle-command';
import type { EventStore } from '@platform/event-store/event-store.port';
import type { JobOptions, JobProcessor, JobQueue } from '@platform/jobs/job-queue.port';
import type { Logger } from '@platform/logging';
import { z } from 'zod';

import { pushDecider } from './domain/push.decider';
import { endpointKey, type PushEvent, pushStream } from './events';
import { deliver } from './push-delivery';
import { endpointAllowed } from './push-endpoints';
import { PUSH_CATEGORY_OF, pushPayload } from './push-texts';
import type { VapidKeys } from './vapid-keys';

/** One job per pushed notification; a device that failed for a while gets a job of its own. */
export const PUSH_SEND_JOB = 'push.send';
/** Bounded: a push service down for longer than these tries means the news is old anyway. */
export const PUSH_SEND_JOB_OPTIONS = { attempts: 4, backoffMs: 5_000 } as const satisfies JobOptions;

const jobSchema = z.object({
  userId: z.string().min(1),
  notificationId: z.string().min(1),
  type: z.string().min(1),
  targetId: z.string().nullable(),
  content: z.string(),
  actorName: z.string(),
  /** Only this device: a retry of the one delivery that failed. */
  endpoint: z.string().optional(),
});
export type PushSendJob = z.infer<typeof jobSchema>;

export interface PushSendDeps {
  eventStore: EventStore;
  jobs: Pick<JobQueue, 'enqueue'>;
  vapidKeys: () => Promise<VapidKeys>;
  push: AppConfig['push'];
  logger: Logger;
}

/** A job id BullMQ accepts (no ':'), the same for the same push, so a replayed enqueue is one job. */
export const pushJobId = (notificationId: string, endpoint?: string) =>
  `push-${endpointKey(`${notificationId}\n${endpoint ?? ''}`)}`;

/** Statuses that say the subscription is over (RFC 8030 §7.3): it is removed, never tried again. */
const GONE = new Set([404, 410]);
/** Statuses worth another try later: the push service is busy or failing. */
const retryable = (status: number) => status === 429 || status >= 500;

/**
 * Sends a notification to each of the member's devices, in the language each subscribed with,
 * unless the member turned its category off. Reads the member's push stream itself (not a read
 * model), so a device removed or a category turned off a moment ago is already honoured.
 */
export function pushSendProcessor(deps: PushSendDeps): JobProcessor<unknown> {
  return async (data, job) => {
    const parsed = jobSchema.safeParse(data);
    if (!parsed.success) throw new Error(`Invalid ${PUSH_SEND_JOB} job`);
    const notice = parsed.data;
    const category = PUSH_CATEGORY_OF[notice.type];
    if (!category) return;
    const history = await deps.eventStore.readStream(pushStream(notice.userId));
    const state = fold(
      pushDecider,
      history.map((e) => ({ type: e.type, data: e.data }) as PushEvent),
    );
    if (!state.settings[category]) return;
    const devices = Object.values(state.subscriptions).filter(
      (s) => !notice.endpoint || s.endpoint === notice.endpoint,
    );
    if (devices.length === 0) return;
    const keys = await deps.vapidKeys();
    const vapid = { ...keys, subject: deps.push.subject };
    const failed: string[] = [];
    for (const device of devices) {
      // Checked again at each send: the allowed origins may have narrowed since it subscribed.
      if (!endpointAllowed(device.endpoint, deps.push.endpointOrigins)) continue;
      const payload = JSON.stringify(pushPayload(notice, device.language));
      const log = { jobId: job.id, attempt: job.attempt, userId: notice.userId, device: endpointKey(device.endpoint) };
      try {
        const { status } = await deliver(device, payload, vapid, deps.push.timeoutMs);
        if (status >= 200 && status < 300) continue;
        if (GONE.has(status)) {
          await handleCommand(
            deps.eventStore,
            pushStream(notice.userId),
            pushDecider,
            {
              type: 'Unsubscribe',
              userId: notice.userId,
              endpoint: device.endpoint,
              reason: 'gone',
              at: new Date().toISOString(),
            },
            { actor: null, causationId: notice.notificationId },
          );
          deps.logger.info({ ...log, status }, 'push subscription gone: removed');
        } else if (retryable(status)) {
          failed.push(device.endpoint);
          deps.logger.warn({ ...log, status }, 'push service refused for now');
        } else {
          // 400, 401, 403, 413...: this request will never succeed as it is.
          deps.logger.warn({ ...log, status }, 'push refused by the push service');
        }
      } catch (err) {
        failed.push(device.endpoint);
        deps.logger.warn({ ...log, err }, 'push not delivered');
      }
    }
    if (failed.length === 0) return;
    // A device's own job is retried by the queue; the first job hands each failed device one,
    // so the devices already told are not told twice.
    if (notice.endpoint) throw new Error(`push to one device failed (${PUSH_SEND_JOB})`);
    for (const endpoint of failed)
      await deps.jobs.enqueue<PushSendJob>(
        PUSH_SEND_JOB,
        { ...notice, endpoint },
        {
          ...PUSH_SEND_JOB_OPTIONS,
          jobId: pushJobId(notice.notificationId, endpoint),
          delayMs: PUSH_SEND_JOB_OPTIONS.backoffMs,
        },
      );
  };
}
