import { channel } from 'node:diagnostics_channel';

/**
 * Where a write's time goes, for `npm run bench:writes`: the command (its decision, append and wait
 * for read models), the append, and each projector batch, published on a diagnostics channel that
 * costs nothing while nobody subscribes (only the bench's processes do). Times are wall-clock ms
 * with sub-ms precision, comparable between processes of one machine; the bench joins the records
 * by checkpoint and request id.
 */
export type WritePhaseRecord =
  | { kind: 'append'; checkpoint: string; startedAt: number; endedAt: number }
  | {
      kind: 'command';
      requestId: string | null;
      checkpoint: string;
      /** The read models waited for. */
      projectors: string[];
      startedAt: number;
      waitStartedAt: number;
      endedAt: number;
    }
  | {
      kind: 'batch';
      projector: string;
      /** The checkpoints of its first and last events. */
      first: string;
      last: string;
      /** When the subscription handed the batch over, and when its progress was reported. */
      receivedAt: number;
      endedAt: number;
    };

const phases = channel('deenconnect.write-phases');

export const preciseNow = (): number => performance.timeOrigin + performance.now();

/** Built only while someone listens. */
export function publishWritePhase(record: () => WritePhaseRecord): void {
  if (phases.hasSubscribers) phases.publish(record());
}

export function onWritePhase(listener: (record: WritePhaseRecord) => void): () => void {
  const handler = (message: unknown) => listener(message as WritePhaseRecord);
  phases.subscribe(handler);
  return () => void phases.unsubscribe(handler);
}
