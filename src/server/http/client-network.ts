import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client's address stands for in a per-address limit: an IPv4 address itself, an IPv6 address's
 * /64. One IPv6 subscriber is usually given a whole /64 and can pick any address in it, so a limit per address
 * would give them 2^64 tries (RFC 6177 and RFC 7421: a /64 is the smallest network handed to a site).
 */
export function limitedNetwork(ip: string): string {
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...front, ...Array(8 - front.length - back.length).fill('0'), ...back] : front;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
