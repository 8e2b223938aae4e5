/**
 * Runs one scenario on its VUs: starts and stops VUs to follow the executor's target over time,
 * then gives running iterations the graceful stop before cutting them off.
 */
import { type ScenarioPlan, targetVUs } from './options';
import type { VUHandle } from './vu-handle';

export interface ScenarioContext {
  /** setup()'s result. */
  data: unknown;
  /** True once the run must end early (a threshold with abortOnFail crossed). */
  aborted(): boolean;
  log(line: string): void;
  /** A VU began its iterations (the vus gauge also counts it then, not only at the once-a-second sample). */
  vuStarted?(): void;
}

const sleepMs = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

export async function runScenario(plan: ScenarioPlan, vus: VUHandle[], ctx: ScenarioContext): Promise<void> {
  await sleepMs(plan.startMs);
  const t0 = performance.now();
  const shared = plan.executor === 'shared-iterations' ? new SharedArrayBuffer(4) : null;
  const looping = plan.executor === 'constant-vus' || plan.executor === 'ramping-vus';
  const mode =
    plan.executor === 'per-vu-iterations' ? 'per-vu' : plan.executor === 'shared-iterations' ? 'shared' : 'duration';
  const started = new Set<VUHandle>();
  const start = (vu: VUHandle) => {
    started.add(vu);
    vu.run({
      type: 'run',
      scenario: plan.name,
      exec: plan.exec,
      data: ctx.data,
      env: plan.env,
      tags: plan.tags,
      iterations: plan.iterations,
      mode,
      shared,
    });
    ctx.vuStarted?.();
  };
  for (;;) {
    const at = performance.now() - t0;
    const target = ctx.aborted() ? 0 : targetVUs(plan, at);
    const active = vus.filter((v) => v.active);
    if (active.length < target) {
      // Iteration executors start each VU once: an idle VU there has done its share.
      const idle = vus.filter((v) => !v.running && (looping || !started.has(v)));
      for (const vu of idle.slice(0, target - active.length)) start(vu);
    } else if (active.length > target) {
      // Ramping down: these VUs finish their iteration, then wait to be started again.
      for (const vu of active.slice(target)) vu.stop();
    }
    const iterationsDone = !looping && started.size > 0 && vus.every((v) => !v.running);
    if (at >= plan.durationMs || ctx.aborted() || iterationsDone) break;
    await sleepMs(Math.min(50, plan.durationMs - at));
  }
  // Time is up: running iterations may finish within gracefulStop, then they are cut off.
  for (const vu of vus) vu.stop();
  const busy = vus.filter((v) => v.running);
  const finished = Promise.all(busy.map((vu) => vu.whenIdle()));
  const timedOut = await Promise.race([finished.then(() => false), sleepMs(plan.gracefulStopMs).then(() => true)]);
  if (timedOut) {
    const cut = busy.filter((v) => v.running);
    ctx.log(`WARN scenario ${plan.name}: ${cut.length} VU(s) still iterating after the graceful stop; interrupted`);
    await Promise.all(cut.map((vu) => vu.terminate()));
  }
}
