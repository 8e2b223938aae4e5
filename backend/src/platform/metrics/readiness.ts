import { type ErrorBody, errorBody } from '../http/http-error';

/** A projector's lag as readiness weighs it (see ProjectionLagMeter). */
export interface LagReading {
  projector: string;
  events: number;
  capped: boolean;
  serving: boolean;
}

export interface ReadinessDeps {
  /** Trivial questions to each store; a rejection names the store. */
  probes: Record<string, () => Promise<unknown>>;
  lag: () => Promise<LagReading[]>;
  /** Most events a projector may be behind while this process still serves. */
  maxLagEvents: number;
}

export type ReadinessAnswer =
  | { ready: true; body: { status: 'ready'; projections: number; maxLagEvents: number } }
  | { ready: false; body: ErrorBody };

/** Seconds a load balancer is asked to wait before probing again. */
export const READY_RETRY_AFTER_SECONDS = 5;

/**
 * Ready to take traffic: every store answers, every read model exists (its first build is done)
 * and no projector is further behind the log than READY_MAX_LAG_EVENTS. Health says the process
 * lives; readiness says its answers would be right.
 */
export async function checkReadiness(deps: ReadinessDeps): Promise<ReadinessAnswer> {
  const problems: string[] = [];
  await Promise.all(
    Object.entries(deps.probes).map(([store, probe]) => probe().catch(() => problems.push(`${store} does not answer`))),
  );
  if (problems.length === 0) {
    try {
      const lags = await deps.lag();
      for (const l of lags) {
        if (!l.serving) problems.push(`read model ${l.projector} is still being built`);
        else if (l.events > deps.maxLagEvents)
          problems.push(
            `projector ${l.projector} is ${l.capped ? 'more than ' : ''}${l.events.toLocaleString('en-US')} events behind (limit ${deps.maxLagEvents.toLocaleString('en-US')})`,
          );
      }
      if (problems.length === 0)
        return { ready: true, body: { status: 'ready', projections: lags.length, maxLagEvents: deps.maxLagEvents } };
    } catch {
      problems.push('projection checkpoints cannot be read');
    }
  }
  return { ready: false, body: errorBody(503, `Not ready: ${problems.join('; ')}`, 'NOT_READY') };
}
