import type { ProjectionProgress } from '@platform/read-models';
import type { ReadStore } from '@platform/read-store/read-store.port';
import { sleep } from '@platform/sleep';

import type { ProjectionRunner } from './projection-runner';
import { readCheckpoint, readState } from './projection-state';
import type { Projector } from './projector';
import type { ReadModelFollower } from './read-model-follower';

/** How often a wait looks again when every projector it awaits reports progress as events. */
const REPORTED_POLL_MS = 250;

/**
 * Read-your-writes: lets a command wait until the read models it touched have caught up with the
 * checkpoint of the events it appended. With a follower (read models cached in API processes), as
 * its runner published it: the batch's changes went out first, so every API process that reads
 * after this command answers has them. Without one (or while its changes cannot be received): as
 * told by the runner in this process when it follows the projector, else by the stored checkpoint
 * of the live generation.
 */
export class RunnerProgress implements ProjectionProgress {
  /** Event type -> projectors that handle it (catch-all projectors such as the audit log left out). */
  private readonly handlers = new Map<string, string[]>();

  constructor(
    private readonly readStore: ReadStore,
    private readonly runner: ProjectionRunner | null = null,
    private readonly pollMs = 25,
    projectors: readonly Projector[] = [],
    private readonly follower: ReadModelFollower | null = null,
  ) {
    for (const p of projectors) {
      for (const type of p.handles) {
        if (type === '*') continue;
        this.handlers.set(type, [...(this.handlers.get(type) ?? []), p.name]);
      }
    }
  }

  /** Projectors whose read models change with these event types. */
  affectedBy(eventTypes: readonly string[]): string[] {
    return [...new Set(eventTypes.flatMap((t) => this.handlers.get(t) ?? []))];
  }

  /** Stored checkpoint of the projector's live generation ('' before its first batch). */
  async checkpointOf(name: string): Promise<string> {
    const state = await readState(this.readStore, name);
    if (!state) return '';
    return readCheckpoint(this.readStore, name, state.activeGeneration);
  }

  /** True when every named projector has passed checkpoint within timeoutMs. */
  async waitFor(checkpoint: string, names: readonly string[], timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const pending = new Set(names);
    // Trusted while it receives changes; asked again whenever a round ends without news, since a
    // follower that cannot receive changes caches nothing either (then the checkpoints below tell).
    let published = this.follower?.receiving ? this.follower : null;
    for (;;) {
      // Whether every projector still awaited reports its progress as an event (then the timer
      // below is only a safety net; a thousand waiters polling every 25 ms kept a core busy).
      let reported = true;
      for (const name of [...pending]) {
        if (published) {
          if ((published.checkpoint(name) ?? '') >= checkpoint) pending.delete(name);
          continue;
        }
        // A runner in this process that follows the projector knows exactly how far it got;
        // otherwise the projector runs elsewhere and its stored checkpoint tells.
        const local = this.runner?.committedCheckpoint(name);
        if (local !== undefined) {
          if (local >= checkpoint) pending.delete(name);
          continue;
        }
        reported = false;
        if ((await this.checkpointOf(name)) >= checkpoint) pending.delete(name);
      }
      if (pending.size === 0) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      const poll = reported ? Math.max(this.pollMs, REPORTED_POLL_MS) : this.pollMs;
      const news = await this.nextProgress(checkpoint, Math.min(left, poll));
      if (this.follower && !news) published = (await this.follower.fresh()) ? this.follower : null;
    }
  }

  /** Waiters for progress: the checkpoint each needs, and whether any report came meanwhile. */
  private readonly waiting = new Map<(news: boolean) => void, { needs: string; heard: boolean }>();
  private listening = false;

  /**
   * Resolves true once a projector reports reaching `checkpoint` or beyond; after `ms`, whether any
   * progress was reported meanwhile. A listener per waiter made each report cost O(waiters²) (every
   * removal scans the listener list): with a thousand commands waiting at once, most of a request's
   * CPU. A report short of a waiter's checkpoint cannot end its wait, so it only notes the news.
   */
  private nextProgress(checkpoint: string, ms: number): Promise<boolean> {
    const sources = [this.runner?.progress, this.follower?.events].filter((s) => !!s);
    if (sources.length === 0) return sleep(ms).then(() => false);
    if (!this.listening) {
      this.listening = true;
      const report = (_projector: string, reached: string) => {
        for (const [done, wait] of [...this.waiting]) {
          if (wait.needs <= reached) done(true);
          else wait.heard = true;
        }
      };
      for (const s of sources) s.on('progress', report);
    }
    return new Promise((resolve) => {
      const wait = { needs: checkpoint, heard: false };
      const done = (reached: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(done);
        resolve(reached || wait.heard);
      };
      const timer = setTimeout(() => done(false), ms);
      this.waiting.set(done, wait);
    });
  }
}
