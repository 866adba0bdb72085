import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The server posts to the endpoint a browser (so, a user) gives: it must never reach this
 * machine or the network it sits in. Addresses of loopback, private, link-local, shared,
 * multicast and reserved ranges are refused however they are written (127.1, 2130706433,
 * 0x7f000001 and [::ffff:7f00:1] are all 127.0.0.1), and a host name is checked again for the
 * addresses it resolves to when a message is sent (the connection uses the address checked).
 */

const IPV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared (carrier NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  IPV4.addSubnet(net, prefix, 'ipv4');

const IPV6 = new BlockList();
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const)
  IPV6.addSubnet(net, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (a dotted IPv4 tail allowed), or null. */
function ipv6Bytes(address: string): number[] | null {
  let text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const parts = tail[1]!.split('.').map(Number);
    const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
    text = `${text.slice(0, -tail[1]!.length)}${hex(parts[0]!, parts[1]!)}:${hex(parts[2]!, parts[3]!)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s ? s.split(':') : []);
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const fill = 8 - head.length - rest.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0)) return null;
  const all = [...head, ...Array<string>(fill).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const g of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    const n = parseInt(g, 16);
    bytes.push(n >> 8, n & 0xff);
  }
  return bytes;
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIpv4(bytes: number[]): string | null {
  const v4 = (at: number) => bytes.slice(at, at + 4).join('.');
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12); // ::ffff:a.b.c.d
  if (zeros(0, 12)) return v4(12); // ::a.b.c.d
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b)
    return v4(12); // 64:ff9b::/96
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2); // 2002::/16
  return null;
}

/** Whether an IP address (either family, any spelling URL parsing leaves) is not public. */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return IPV4.check(bare, 'ipv4');
  const bytes = ipv6Bytes(bare);
  if (!bytes) return true; // not an address we can read: refuse
  const v4 = embeddedIpv4(bytes);
  if (v4 !== null && IPV4.check(v4, 'ipv4')) return true;
  const normal = Array.from({ length: 8 }, (_, i) =>
    ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16),
  ).join(':');
  return IPV6.check(normal, 'ipv6');
}

/** Whether a URL's host is written as an address (after the URL parser's normalising). */
export const isAddressHost = (hostname: string) => isIP(hostname.replace(/^\[|\]$/g, '')) !== 0;

/**
 * A DNS lookup for the push request that fails when the name resolves to a non-public address,
 * so the connection is made only to an address that was checked.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const refused = addresses.find((a) => isNonPublicAddress(a.address));
    if (refused || addresses.length === 0)
      return callback(
        Object.assign(new Error(`push host ${hostname} resolves to a non-public address`), {
          code: 'EPUSHPRIVATE',
        }),
        '',
        0,
      );
    if (options.all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
