// Visitor addresses are personal data (GDPR art. 4): only a truncated address is ever stored.
// IPv4 keeps its /24, IPv6 its /48 (the prefix an ISP hands a site), so the operator still sees
// roughly where traffic comes from but can no longer single out a connection. Parsing and the
// RFC 5952 text form are ipaddr.js's (the library Express reads proxy addresses with).
import ipaddr from 'ipaddr.js';

/**
 * The address with its host part zeroed: IPv4 '203.0.113.7' → '203.0.113.0'; IPv6 keeps its first
 * 48 bits ('2001:db8:85a3:8d3:1319:8a2e:370:7348' → '2001:db8:85a3::'); an IPv4-mapped IPv6
 * address ('::ffff:203.0.113.7') is treated as the IPv4 address it carries. Anything that is not
 * an IP address gives '' so that nothing unrecognised is ever stored.
 */
export function anonymiseIp(address: string | undefined | null): string {
  const value = (address ?? '').trim().replace(/%.*$/, '');
  if (ipaddr.IPv4.isValidFourPartDecimal(value)) return ipv4(ipaddr.IPv4.parse(value));
  if (!ipaddr.IPv6.isValid(value)) return '';
  const v6 = ipaddr.IPv6.parse(value);
  if (v6.isIPv4MappedAddress()) return ipv4(v6.toIPv4Address());
  const parts = v6.parts.map((part, index) => (index < 3 ? part : 0));
  return new ipaddr.IPv6(parts).toRFC5952String();
}

function ipv4(address: ipaddr.IPv4): string {
  const [a, b, c] = address.octets;
  return `${a}.${b}.${c}.0`;
}
