/**
 * SQL checkpoints: "<transaction id>:<position>", both zero-padded to 20 digits, so that comparing
 * them as text is comparing the (transaction_id, position) pair the subscribers read in.
 */
export interface SqlLogPosition {
  transactionId: string;
  position: number;
}

const FORMAT = /^(\d{20}):(\d{20})$/;

export function encodeSqlCheckpoint(transactionId: string | number | bigint, position: number): string {
  return `${String(transactionId).padStart(20, '0')}:${String(position).padStart(20, '0')}`;
}

/** null for '' (the start of the log). */
export function parseSqlCheckpoint(checkpoint: string | undefined): SqlLogPosition | null {
  if (!checkpoint) return null;
  const m = FORMAT.exec(checkpoint);
  const [, transactionId, position] = m ?? [];
  if (transactionId === undefined || position === undefined)
    throw new TypeError(`Not a checkpoint of the SQL event store: ${checkpoint}`);
  return { transactionId: BigInt(transactionId).toString(), position: Number(position) };
}
