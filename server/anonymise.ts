// Visitor addresses are personal data (GDPR art. 4): only a truncated address is ever stored.
// IPv4 keeps its /24, IPv6 its /48 (the prefix an ISP hands a site), so the operator still sees
// roughly where traffic comes from but can no longer single out a connection.
import { isIPv4, isIPv6 } from 'node:net';

function ipv4(address: string): string {
  return address.split('.').slice(0, 3).concat('0').join('.');
}

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail counts as two). */
function groups(address: string): number[] {
  let text = address;
  const tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -tail[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** RFC 5952 text: lower case, the longest run (two or more) of zero groups as '::'. */
function format(words: number[]): string {
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8; ) {
    let end = start;
    while (end < 8 && words[end] === 0) end += 1;
    if (end - start > best.length) best = { start, length: end - start };
    start = end === start ? start + 1 : end;
  }
  const hex = words.map((word) => word.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/**
 * The address with its host part zeroed: IPv4 '203.0.113.7' → '203.0.113.0'; IPv6 keeps its first
 * 48 bits ('2001:db8:85a3:8d3:1319:8a2e:370:7348' → '2001:db8:85a3::'); an IPv4-mapped IPv6
 * address ('::ffff:203.0.113.7') is treated as the IPv4 address it carries. Anything that is not
 * an IP address gives '' so that nothing unrecognised is ever stored.
 */
export function anonymiseIp(address: string | undefined | null): string {
  const value = (address ?? '').trim();
  if (isIPv4(value)) return ipv4(value);
  const withoutZone = value.replace(/%.*$/, '');
  if (!isIPv6(withoutZone)) return '';
  const words = groups(withoutZone.toLowerCase());
  if (words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff) {
    return ipv4([words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff].join('.'));
  }
  return format([...words.slice(0, 3), 0, 0, 0, 0, 0]);
}
