import { isIP } from 'node:net';

import { z } from 'zod';

/**
 * Which hops in front of the app may say who the client is (Fastify's trustProxy): false, a number of
 * proxies, or the proxies' addresses. request.ip is then the right-most X-Forwarded-For entry that a
 * trusted hop did not write, so a client cannot pick its own address by sending the header itself.
 * true believes every entry, the client-written left-most one included: only for tests and for a
 * proxy that replaces the header rather than appending to it.
 */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for the private ranges (loopback, link-local, unique-local and RFC 1918). */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const HOPS = /^\d+$/;
const MESSAGE =
  'must be false, true (believes what the client writes), a number of proxies (1-10) or a ' +
  'comma-separated list of proxy addresses or ranges (10.0.0.0/8, loopback, uniquelocal)';

export const trustProxySetting = z
  .string()
  .trim()
  .refine((v) => {
    if (v === 'true' || v === 'false') return true;
    if (HOPS.test(v)) return Number(v) >= 1 && Number(v) <= 10;
    const entries = v.split(',').map((e) => e.trim());
    return entries.length > 0 && entries.every(isAddressOrRange);
  }, MESSAGE)
  .transform((v): TrustProxy => {
    if (v === 'true' || v === 'false') return v === 'true';
    if (HOPS.test(v)) return Number(v);
    return v.split(',').map((e) => e.trim());
  });
