import { randomBytes } from 'node:crypto';

let lastMs = 0;
let seq = 0;

// Random bytes come from a pool refilled 4 KiB at a time: one system call per 512 ids instead of one each.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let poolOffset = 0;

function random8(): Buffer {
  if (poolOffset + 8 > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + 8);
  poolOffset += 8;
  return bytes;
}

/**
 * UUIDv7 (RFC 9562): 48-bit milliseconds, then a 12-bit counter so ids made in the same millisecond
 * by this process still sort in creation order, then random bits. Ids sort as text in time order.
 */
export function newId(now: number = Date.now()): string {
  if (now <= lastMs) {
    seq++;
    if (seq > 0xfff) {
      lastMs++;
      seq = 0;
    }
  } else {
    lastMs = now;
    seq = 0;
  }
  const b = Buffer.allocUnsafe(16);
  random8().copy(b, 8);
  const ms = lastMs;
  b[0] = Math.floor(ms / 2 ** 40) & 0xff;
  b[1] = Math.floor(ms / 2 ** 32) & 0xff;
  b[2] = (ms >>> 24) & 0xff;
  b[3] = (ms >>> 16) & 0xff;
  b[4] = (ms >>> 8) & 0xff;
  b[5] = ms & 0xff;
  b[6] = 0x70 | ((seq >> 8) & 0x0f);
  b[7] = seq & 0xff;
  b[8] = (b.readUInt8(8) & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Milliseconds since the epoch encoded in a UUIDv7. */
export function idTime(id: string): number {
  return parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}
