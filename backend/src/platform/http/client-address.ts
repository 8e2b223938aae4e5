import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a rate limit counts a client under: an IPv4 address as it is, an IPv6 address by its
 * /64 network. One subscriber (a home, a phone) is routinely given a whole /64, so counting single
 * IPv6 addresses would hand every client 2^64 fresh addresses to spread its attempts over.
 * IPv4-mapped IPv6 (`::ffff:192.0.2.1`, a dual-stack socket) is the IPv4 address it carries.
 * Anything else (no address: a unix socket) is kept as given.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.trim();
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address.replace(/%.*$/, ''));
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail split in two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  if (rest === undefined) return left;
  const right = parse(rest);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
