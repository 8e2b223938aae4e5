import type { Test } from 'supertest';

/** How a write ended, as the client saw it. */
export type Outcome =
  /** Answered 2xx: it must be there afterwards, exactly once. */
  | 'acked'
  /** Answered with an error status, or the connection was refused: it must not be there. */
  | 'refused'
  /** The connection broke after the request left (the process died): there at most once. */
  | 'unknown';

export type WriteKind = 'message' | 'post' | 'comment' | 'like' | 'upload';

export interface Write {
  kind: WriteKind;
  /** Unique text carried by the write (its content), to find it and count its copies later. */
  tag: string;
  outcome: Outcome;
  status: number | null;
  /** The id the answer named (message, post, comment or media id). */
  id: string | null;
  /** What the write targets (conversation or post id), and who made it. */
  target: string;
  by: string;
  /** How many faults had been injected when it was sent: which stretch of the run it belongs to. */
  faultsBefore: number;
}

/** Every write sent during a fault run, with its outcome; `figures` is what the suites print. */
export class WriteLedger {
  readonly writes: Write[] = [];
  faults = 0;
  private seq = 0;

  tag(kind: WriteKind): string {
    return `${kind}-${process.pid}-${++this.seq}-${Math.random().toString(36).slice(2, 8)}`;
  }

  /**
   * Sends one write and records it. A connection refused never reached a process; a reset or a
   * hang-up may have been appended before the process died, so its outcome is unknown.
   */
  async send(
    w: Pick<Write, 'kind' | 'tag' | 'target' | 'by'>,
    request: () => Test,
    idOf: (body: Record<string, unknown>) => string | null = (b) => (b.id as string) ?? null,
  ): Promise<Write> {
    let entry: Write;
    const sent = { ...w, faultsBefore: this.faults };
    try {
      // Bounded: a write that hangs (a store away) counts as unknown rather than stalling the run.
      const res = await request().timeout({ deadline: 20_000 });
      const ok = res.status >= 200 && res.status < 300;
      entry = { ...sent, outcome: ok ? 'acked' : 'refused', status: res.status, id: ok ? idOf(res.body) : null };
    } catch (err) {
      const code = (err as { code?: string }).code;
      entry = { ...sent, outcome: code === 'ECONNREFUSED' ? 'refused' : 'unknown', status: null, id: null };
    }
    this.writes.push(entry);
    return entry;
  }

  acked(kind?: WriteKind): Write[] {
    return this.writes.filter((w) => w.outcome === 'acked' && (!kind || w.kind === kind));
  }

  /**
   * The stretches of the run (faults injected before the write was sent) in which some write was
   * acknowledged: [0, ..., faults] when the load ran before, between and after the faults, however
   * fast the machine sent it.
   */
  ackedStretches(): number[] {
    return [...new Set(this.acked().map((w) => w.faultsBefore))].sort((a, b) => a - b);
  }

  /** Compares what was found with what was sent: `found` counts the copies of each tag present. */
  check(kinds: readonly WriteKind[], found: Map<string, number>) {
    const lost: Write[] = [];
    const doubled: Write[] = [];
    const unexpected: Write[] = [];
    for (const w of this.writes.filter((x) => kinds.includes(x.kind))) {
      const n = found.get(w.tag) ?? 0;
      if (w.outcome === 'acked' && n === 0) lost.push(w);
      if (n > 1) doubled.push(w);
      if (w.outcome === 'refused' && n > 0) unexpected.push(w);
    }
    return { lost, doubled, unexpected };
  }

  figures() {
    const by = (o: Outcome) => this.writes.filter((w) => w.outcome === o).length;
    return {
      faults: this.faults,
      sent: this.writes.length,
      acked: by('acked'),
      refused: by('refused'),
      unknown: by('unknown'),
    };
  }
}
