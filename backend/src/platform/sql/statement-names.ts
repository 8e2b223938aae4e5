export interface StatementNamesLimits {
  /** Sightings with parameters before a text gets a name. */
  after: number;
  /** Longer texts are never named. */
  maxLength: number;
  /** Characters of all named texts together, per client. */
  budget: number;
  /** Texts counted but not yet named; past it the counts are forgotten in one go. */
  maxCounted: number;
}

/**
 * Which statements a PostgreSQL connection keeps prepared. An unnamed statement is parsed, analysed
 * and planned on every call; that was about a quarter of PostgreSQL's CPU per chat message
 * (bench:realtime), whose statements are small and repeat hundreds of times a second. A text that
 * has come with parameters `after` times gets a name, and each connection then parses it once (and
 * PostgreSQL may settle on a generic plan).
 *
 * Bounded by what a prepared statement costs PostgreSQL: each pooled connection that runs it keeps
 * its parse tree and plan, about 100 bytes per character of text (a one-part feed page 40 KB, a
 * batched read of 50 parts 1.6 MB). Texts over `maxLength` (batched reads of many parts, rarely
 * the same twice) stay unnamed, and the named ones add up to at most `budget` characters: about
 * 4 MB per connection by default. One-off texts (migrations, a rare combination of batched reads)
 * never take a name: counts are kept for `maxCounted` texts, then forgotten together.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly counted = new Map<string, number>();
  private spent = 0;
  private readonly limits: StatementNamesLimits;

  constructor(limits: Partial<StatementNamesLimits> = {}) {
    this.limits = { after: 3, maxLength: 2000, budget: 32_768, maxCounted: 4096, ...limits };
  }

  /** The name to prepare `text` under, or undefined to send it unnamed this time. */
  nameFor(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined) return named;
    const { after, maxLength, budget, maxCounted } = this.limits;
    if (text.length > maxLength || this.spent + text.length > budget) return undefined;
    const seen = (this.counted.get(text) ?? 0) + 1;
    if (seen < after) {
      if (this.counted.size >= maxCounted) this.counted.clear();
      this.counted.set(text, seen);
      return undefined;
    }
    this.counted.delete(text);
    const name = `dc_${this.names.size}`;
    this.names.set(text, name);
    this.spent += text.length;
    return name;
  }
}
