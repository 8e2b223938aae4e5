import type { JobQueue } from '@platform/jobs/job-queue.port';
import type { Logger } from '@platform/logging';
import type { Push, PushSink } from '@platform/push/push';
import type { ReadModels } from '@platform/read-models';
import { type ProfileDoc, PROFILES } from '@projections/profiles';
import { PUSH_SUBSCRIPTIONS } from '@projections/push';
import { edgeId, RELATIONSHIPS } from '@projections/relationships';

import { PUSH_SEND_JOB, PUSH_SEND_JOB_OPTIONS, pushJobId, type PushSendJob } from './push-send';
import { PUSH_CATEGORY_OF } from './push-texts';

const USER_ROOM = 'user:';

/**
 * Turns the notifications projector's committed `notification` socket pushes into Web Push jobs.
 * It hangs off the notification actually written, so every rule the projector applies holds for
 * Web Push too (no notification across a block, none for a muted conversation, none about one's
 * own action), and off the outbox, which sends only fresh news after the batch committed: a replay
 * or a rebuild pushes nothing. A member muted by the recipient still notifies in the app's list,
 * but does not interrupt them on their devices.
 */
export class NotificationWebPushes implements PushSink {
  constructor(
    private readonly jobs: Pick<JobQueue, 'enqueue'>,
    private readonly readModels: ReadModels,
    private readonly logger: Logger,
  ) {}

  publish(push: Push): void {
    if (push.event !== 'notification') return;
    const n = push.payload.notification;
    const room = push.rooms[0];
    if (!PUSH_CATEGORY_OF[n.type] || !room?.startsWith(USER_ROOM)) return;
    const userId = room.slice(USER_ROOM.length);
    this.enqueue(push.id, userId, n).catch((err: unknown) =>
      this.logger.warn({ err, notificationId: n.id }, 'web push not queued'),
    );
  }

  private async enqueue(
    pushId: string,
    userId: string,
    n: { id: string; type: string; targetId: string | null; content: string; actorId: string },
  ) {
    // Most members have no device: one indexed read, and nothing queued for them (a post to a
    // community of thousands would otherwise queue a job per member to find nobody to send to).
    const devices = await this.readModels.collection(PUSH_SUBSCRIPTIONS).find({ where: { userId }, limit: 1 });
    if (devices.items.length === 0) return;
    const edges = this.readModels.collection(RELATIONSHIPS);
    const [muted, actor] = await Promise.all([
      edges.get(edgeId('mute', userId, n.actorId)),
      this.readModels.collection<ProfileDoc>(PROFILES).get(n.actorId),
    ]);
    if (muted) return;
    await this.jobs.enqueue<PushSendJob>(
      PUSH_SEND_JOB,
      {
        userId,
        notificationId: n.id,
        type: n.type,
        targetId: n.targetId,
        content: n.content,
        actorName: actor ? actor.displayName || actor.username : '',
      },
      { ...PUSH_SEND_JOB_OPTIONS, jobId: pushJobId(pushId) },
    );
  }
}

/** One sink that hands every push to each of several (the socket server, Web Push). */
export function teeSink(...sinks: (PushSink | null)[]): PushSink {
  return {
    publish(push) {
      for (const sink of sinks) sink?.publish(push);
    },
  };
}
