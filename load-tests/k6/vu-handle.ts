/**
 * The main thread's side of one VU: its worker thread, the I/O it does for it (io.ts), and the
 * shared flag that asks it to stop after its current iteration.
 */
import { join } from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';

import { serveVU } from './io';
import { HOOKS_URL } from './loader';
import type { Sample } from './metrics';
import type { FromVU, ToVU, VUData } from './vu';

const TS_LOADER = `require(${JSON.stringify(join(__dirname, '../../scripts/ts-register.cjs'))});`;
const VU_ENTRY = `${TS_LOADER}\nrequire(${JSON.stringify(join(__dirname, 'vu.ts'))});`;

export interface VUSettings {
  scriptUrl: string;
  env: Record<string, string>;
  noCookiesReset: boolean;
  maxRedirects: number;
}

export interface VUSinks {
  samples(samples: Sample[]): void;
  iterationError(message: string, vu: number): void;
}

type Called = Extract<FromVU, { type: 'called' }>;

export class VUHandle {
  /** Resolves with the script's exports once it has been evaluated in the VU's thread. */
  readonly ready: Promise<string[]>;
  /** True from a run's start until the VU reports it idle. */
  running = false;
  private readonly worker: Worker;
  private readonly control: Int32Array;
  private readonly closeIO: () => void;
  private idleWaiters: (() => void)[] = [];
  private called: ((m: Called) => void) | null = null;
  private terminated = false;

  constructor(
    readonly id: number,
    settings: VUSettings,
    sinks: VUSinks,
  ) {
    const io = new MessageChannel();
    const ioSignal = new SharedArrayBuffer(4);
    const control = new SharedArrayBuffer(4);
    this.control = new Int32Array(control);
    this.closeIO = serveVU(io.port1, new Int32Array(ioSignal));
    const data: VUData = { ...settings, hooksUrl: HOOKS_URL, vu: id, io: io.port2, ioSignal, control };
    this.worker = new Worker(VU_ENTRY, { eval: true, workerData: data, transferList: [io.port2] });
    let resolveReady!: (exports: string[]) => void;
    let rejectReady!: (err: Error) => void;
    this.ready = new Promise((res, rej) => ((resolveReady = res), (rejectReady = rej)));
    this.ready.catch(() => undefined);
    this.worker.on('error', (err) => rejectReady(err));
    this.worker.on('message', (m: FromVU) => {
      switch (m.type) {
        case 'samples':
          return sinks.samples(m.samples);
        case 'ready':
          return resolveReady(m.exports);
        case 'init-error':
          return rejectReady(new Error(m.message));
        case 'called':
          return this.called?.(m);
        case 'iteration-error':
          return sinks.iterationError(m.message, id);
        case 'idle':
          this.running = false;
          return this.idleWaiters.splice(0).forEach((f) => f());
      }
    });
  }

  /** setup() or teardown() in this VU; resolves with its (JSON) result or its error. */
  call(fn: 'setup' | 'teardown', data: unknown): Promise<Called> {
    return new Promise((resolve) => {
      this.called = resolve;
      this.worker.postMessage({ type: 'call', fn, data } satisfies ToVU);
    });
  }

  /** Starts iterations; they go on until stop() (or the run's own end for iteration executors). */
  run(message: Extract<ToVU, { type: 'run' }>): void {
    Atomics.store(this.control, 0, 0);
    this.running = true;
    this.worker.postMessage(message);
  }

  /** Asks the VU to stop after its current iteration. */
  stop(): void {
    Atomics.store(this.control, 0, 1);
  }

  /** Running and not asked to stop. */
  get active(): boolean {
    return this.running && Atomics.load(this.control, 0) === 0;
  }

  whenIdle(): Promise<void> {
    return this.running ? new Promise((resolve) => this.idleWaiters.push(resolve)) : Promise.resolve();
  }

  /** Ends the thread, whatever it is doing (an iteration past its graceful stop is cut off). */
  async terminate(): Promise<void> {
    if (this.terminated) return;
    this.terminated = true;
    this.running = false;
    this.closeIO();
    await this.worker.terminate();
  }
}
