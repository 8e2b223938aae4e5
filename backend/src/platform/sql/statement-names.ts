/**
 * Which statements a PostgreSQL connection keeps prepared. An unnamed statement is parsed, analysed
 * and planned on every call; that was about a quarter of PostgreSQL's CPU per chat message
 * (bench:realtime) and a tenth per uncached feed page (bench:feed), whose statements are small and
 * repeat thousands of times a second. A statement text that has come with parameters `after` times
 * gets a name, and each connection then parses it once (and PostgreSQL may settle on a generic plan).
 *
 * Bounded on both sides: at most `max` names per client (every pooled connection may hold each of
 * them, parsed), and texts counted but not yet named are forgotten in one go past `maxCounted`, so
 * one-off texts (migrations, a rare combination of batched reads) never take a name.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly counted = new Map<string, number>();

  constructor(
    private readonly after = 3,
    private readonly max = 256,
    private readonly maxCounted = 4096,
  ) {}

  /** The name to prepare `text` under, or undefined to send it unnamed this time. */
  nameFor(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined || this.names.size >= this.max) return named;
    const seen = (this.counted.get(text) ?? 0) + 1;
    if (seen < this.after) {
      if (this.counted.size >= this.maxCounted) this.counted.clear();
      this.counted.set(text, seen);
      return undefined;
    }
    this.counted.delete(text);
    const name = `dc_${this.names.size}`;
    this.names.set(text, name);
    return name;
  }
}
