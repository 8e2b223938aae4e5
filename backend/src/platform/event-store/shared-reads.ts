import type { LogRead } from './polling-subscription';

/** How long one read's answer may be handed to other subscribers asking the same question. */
const FRESH_MS = 25;
const MAX_ENTRIES = 32;

/**
 * Every projector has its own subscription, and after an append they all wake together and ask the
 * store for the same events after the same checkpoint. This hands one read's answer to the others
 * that ask the same thing within a few milliseconds of the same wake-up (the key holds the wake-up
 * generation, so a later append always gets a fresh read), turning N identical queries into one.
 */
export class SharedReads {
  private readonly entries = new Map<string, { at: number; events: Promise<LogRead> }>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  read(generation: number, after: string, maxCount: number, load: () => Promise<LogRead>): Promise<LogRead> {
    const key = `${generation}|${after}|${maxCount}`;
    const at = this.now();
    const hit = this.entries.get(key);
    if (hit && at - hit.at <= FRESH_MS) return hit.events;
    const events = load();
    this.entries.set(key, { at, events });
    events.catch(() => this.entries.delete(key));
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return events;
  }
}
