/**
 * The demo community's history, played in the order it happened. Each part of the seed schedules
 * its commands at their (past) times; playing them sorted keeps the log in time order, so whatever
 * lists by log position (notifications, conversations, audit history) lists by time too, and a
 * reply always comes after what it answers.
 */
export class DemoTimeline {
  private readonly steps: { at: number; n: number; run: () => Promise<unknown> }[] = [];

  add(at: number, run: () => Promise<unknown>): void {
    if (!Number.isFinite(at) || at > Date.now()) throw new Error(`seed: a step dated ${at} is not in the past`);
    this.steps.push({ at, n: this.steps.length, run });
  }

  /**
   * One step at a time: two likes played side by side could reach the log in either order, and a
   * member's notifications would then list an older like above a newer one.
   */
  async play(): Promise<void> {
    // Equal times keep the order they were scheduled in.
    const steps = [...this.steps].sort((a, b) => a.at - b.at || a.n - b.n);
    for (const step of steps) await step.run();
  }
}

/** An ISO time for the command metadata of a step at `at`. */
export const isoAt = (at: number) => new Date(at).toISOString();
