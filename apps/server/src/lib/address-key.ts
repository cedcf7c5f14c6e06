import { isIPv4, isIPv6 } from 'node:net';

/** The 8 groups of an IPv6 address as numbers, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address.toLowerCase();
  // A trailing dotted IPv4 (::ffff:198.51.100.9) is two groups written otherwise.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups].map((group) => parseInt(group, 16));
}

/**
 * The address a per-address limit counts a caller under (decision 038), the same for every such
 * limit (the sign-in throttle, the scanner's failures, the lookups and the connection cap): an
 * IPv4 address as it is, an IPv4-mapped IPv6 address (`::ffff:198.51.100.9`) as its IPv4, and any
 * other IPv6 address by its first `ipv6PrefixBits` bits (IPV6_PREFIX, 64 by default): one home or
 * host is given a whole /64, so counting its addresses apart would let it rotate past every limit.
 */
export function addressKey(address: string, ipv6PrefixBits = 64): string {
  const bare = address.replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  const kept = groups.slice(0, Math.ceil(ipv6PrefixBits / 16)).map((group, index) => {
    const bits = Math.min(16, ipv6PrefixBits - index * 16);
    return (group & (0xffff << (16 - bits)) & 0xffff).toString(16);
  });
  return `${kept.join(':')}${kept.length < 8 ? '::' : ''}/${ipv6PrefixBits}`;
}

/**
 * The wider IPv6 blocks a caller is also counted by (decision 058): a /56 is what a home or small
 * office is often given, a /48 a whole site, so one holder of many /64s shares each block's limit.
 */
export const WIDER_IPV6_PREFIXES = [56, 48] as const;

/**
 * The caller's wider blocks as their keys, each with its prefix length: none for IPv4 (an
 * IPv4-mapped address included), nor for a block no wider than the one `addressKey` counts by.
 */
export function widerAddressKeys(address: string, ipv6PrefixBits = 64): Array<{ bits: number; key: string }> {
  const narrow = addressKey(address, ipv6PrefixBits);
  if (!narrow.includes('/')) return [];
  return WIDER_IPV6_PREFIXES.filter((bits) => bits < ipv6PrefixBits).map((bits) => ({ bits, key: addressKey(address, bits) }));
}
