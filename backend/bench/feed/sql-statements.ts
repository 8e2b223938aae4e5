/**
 * Counts the SQL statements this process sends to PostgreSQL (every pg client query, pooled or
 * not), and optionally keeps their text and parameters: how the feed bench reports statements per
 * request and how the profile finds what to EXPLAIN. Bench-only: it patches pg's Client.
 */
import { Client } from 'pg';

export interface SentStatement {
  text: string;
  params: unknown[];
}

let count = 0;
let reads = 0;
/** A read of a read-model table (rm_<name>), as the read store's SQL adapter sends it. */
const READ_MODEL_READ = /^\s*SELECT\b[\s\S]*\bFROM "?rm_/i;
let recording: SentStatement[] | null = null;
let patched = false;

/** Starts counting (idempotent). */
export function countSqlStatements(): void {
  if (patched) return;
  patched = true;
  const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    count++;
    const [first, second] = args;
    const text = typeof first === 'string' ? first : String((first as { text?: string })?.text ?? '');
    if (READ_MODEL_READ.test(text)) reads++;
    if (recording) {
      const params = Array.isArray(second) ? second : ((first as { values?: unknown[] })?.values ?? []);
      recording.push({ text, params });
    }
    return original.apply(this, args);
  };
}

/** Statements sent since the process started counting. */
export const sqlStatementsSent = () => count;

/** Of those, reads of read-model tables. */
export const sqlReadsOfReadModels = () => reads;

/** Runs fn and returns the statements this process sent meanwhile (including other work running). */
export async function recordSqlStatements<R>(
  fn: () => Promise<R>,
): Promise<{ result: R; statements: SentStatement[] }> {
  const statements: SentStatement[] = [];
  recording = statements;
  try {
    const result = await fn();
    return { result, statements };
  } finally {
    recording = null;
  }
}
