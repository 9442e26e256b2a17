// Whom the wrong-key limit counts as one client. An IPv6 client holds a whole
// /64 (one host or one customer is given at least that, RFC 6177), so counting
// each of its 2^64 addresses alone would be no limit at all: IPv6 counts per
// /64. IPv4 counts per address, and an IPv4-mapped IPv6 address (::ffff:a.b.c.d,
// how a dual-stack socket sees an IPv4 client) as the IPv4 address it is.
import { isIPv4, isIPv6 } from 'node:net';

const ipv4Groups = (text: string) => {
  const [a = 0, b = 0, c = 0, d = 0] = text.split('.').map(Number);
  return [(a << 8) | b, (c << 8) | d];
};

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail is two of them). */
function groupsOf(address: string): number[] {
  const part = (text: string) =>
    text === ''
      ? []
      : text
          .split(':')
          .flatMap((group) =>
            group.includes('.') ? ipv4Groups(group) : [Number.parseInt(group, 16)],
          );
  const [head = '', tail] = address.split('::');
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The key `address` is counted under. */
export function addressBlock(address: string): string {
  if (isIPv4(address)) return address;
  const plain = address.split('%')[0] ?? ''; // a zone (fe80::1%eth0) names no other host
  if (!isIPv6(plain)) return address;
  const groups = groupsOf(plain);
  const [g6 = 0, g7 = 0] = groups.slice(6);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
