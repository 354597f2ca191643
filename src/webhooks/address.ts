/**
 * Which IP addresses a webhook may reach. Refused: loopback, private (RFC 1918), shared (CGNAT, 100.64.0.0/10),
 * unique-local (fc00::/7) — unless the operator allows them for local bots (WEBHOOK_ALLOW_PRIVATE) — and, always,
 * link-local (169.254.0.0/16, where cloud metadata services answer, and fe80::/10), multicast, unspecified and
 * reserved ranges. An IPv6 address carrying an IPv4 one (IPv4-mapped ::ffff:0:0/96, IPv4-compatible ::/96,
 * IPv4-translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96) is judged by the IPv4 address it carries.
 */
import { BlockList, isIP } from 'node:net';

/** The kinds of address a webhook may not reach. */
export type AddressKind =
  | 'loopback'
  | 'private'
  | 'shared'
  | 'unique-local'
  | 'link-local'
  | 'multicast'
  | 'unspecified'
  | 'reserved';

/** The kinds WEBHOOK_ALLOW_PRIVATE lets through (a bot on the same machine or network). */
const PRIVATE_KINDS: ReadonlySet<AddressKind> = new Set(['loopback', 'private', 'shared', 'unique-local']);

const RANGES: [AddressKind, string, number, 'ipv4' | 'ipv6'][] = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'], // "this network"
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['shared', '100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['reserved', '192.0.2.0', 24, 'ipv4'], // documentation
  ['reserved', '192.88.99.0', 24, 'ipv4'], // 6to4 relay anycast
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'], // benchmarking
  ['reserved', '198.51.100.0', 24, 'ipv4'], // documentation
  ['reserved', '203.0.113.0', 24, 'ipv4'], // documentation
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'], // future use, and the broadcast address
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['reserved', '100::', 64, 'ipv6'], // discard
  ['private', '64:ff9b:1::', 48, 'ipv6'], // NAT64 for local use
  ['reserved', '2001:db8::', 32, 'ipv6'], // documentation
  ['unique-local', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['private', 'fec0::', 10, 'ipv6'], // site-local (deprecated)
  ['multicast', 'ff00::', 8, 'ipv6'],
];

const LISTS = new Map<AddressKind, BlockList>();
for (const [kind, network, prefix, type] of RANGES) {
  const list = LISTS.get(kind) ?? new BlockList();
  list.addSubnet(network, prefix, type);
  LISTS.set(kind, list);
}

/** IPv6 ranges whose last 32 bits are an IPv4 address the traffic goes to. */
const CARRIES_IPV4 = new BlockList();
CARRIES_IPV4.addSubnet('::ffff:0:0', 96, 'ipv6'); // IPv4-mapped
CARRIES_IPV4.addSubnet('::', 96, 'ipv6'); // IPv4-compatible (deprecated)
CARRIES_IPV4.addSubnet('::ffff:0:0:0', 96, 'ipv6'); // IPv4-translated (SIIT)
CARRIES_IPV4.addSubnet('64:ff9b::', 96, 'ipv6'); // NAT64 well-known prefix

/** The IPv4 address in the last 32 bits of an IPv6 address (either spelling: `::ffff:7f00:1`, `::ffff:127.0.0.1`). */
function lastIPv4(v6: string): string {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
  if (dotted) return dotted[1];
  // The last two groups; an empty one is part of a `::`, which stands for zeros.
  const groups = v6.split(':');
  const hi = Number.parseInt(groups[groups.length - 2] || '0', 16);
  const lo = Number.parseInt(groups[groups.length - 1] || '0', 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** The kind of a refused address, or null for an address on the public internet. */
export function addressKind(address: string): AddressKind | null {
  const bare = address
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase(); // brackets, IPv6 zone
  const family = isIP(bare);
  if (family === 0) return 'reserved';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (type === 'ipv6' && bare !== '::' && bare !== '::1' && CARRIES_IPV4.check(bare, 'ipv6')) {
    return addressKind(lastIPv4(bare));
  }
  for (const [kind, list] of LISTS) if (list.check(bare, type)) return kind;
  return null;
}

/** The refusal of loopback and private addresses (the reason webhook URLs are given). */
export const PRIVATE_REFUSED = 'loopback and private addresses are not allowed';
/** The refusal of the addresses no setting allows. */
export const NEVER_ALLOWED = 'link-local, multicast, unspecified and reserved addresses are never allowed';

/** Null when a webhook may connect to the address, else why not. */
export function addressProblem(address: string, allowPrivate: boolean): string | null {
  const kind = addressKind(address);
  if (kind === null) return null;
  if (!PRIVATE_KINDS.has(kind)) return NEVER_ALLOWED;
  return allowPrivate ? null : PRIVATE_REFUSED;
}
