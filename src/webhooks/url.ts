/**
 * Which webhook URLs a moderator may configure: http(s) only, no credentials in the URL, and no address a hook may
 * not reach (address.ts) spelt in it: an address literal in any form the URL parser accepts, `localhost` and the
 * local-only domains (a trailing dot included), a name without a domain, or a name carrying a refused IPv4 address
 * (`127.0.0.1.nip.io`, `10-0-0-1.sslip.io`, `7f000001.example`). The spelling is only the first check: delivery
 * resolves the name and refuses every address it may not reach (deliver.ts). Deliveries go only to a URL stored for
 * the game, and redirects are not followed, so a hook cannot be bounced elsewhere.
 */
import { isIP } from 'node:net';
import { addressProblem, PRIVATE_REFUSED } from './address.ts';

/** Names that only ever resolve on the local machine or network. */
const LOCAL_NAME = /(^|\.)(localhost|localdomain|local|internal|intranet|lan|home\.arpa)$/;
/** An IPv4 address written into a host name, its bytes separated by dots or dashes. */
const DOTTED_IN_NAME = /(?:^|[.-])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})(?=$|[.-])/g;
/** An IPv4 address written as one label of eight hex digits. */
const HEX_LABEL = /(?:^|[.-])([0-9a-f]{8})(?=$|[.-])/g;

/** The IPv4 addresses a host name spells. */
function addressesInName(name: string): string[] {
  const found: string[] = [];
  for (const m of name.matchAll(DOTTED_IN_NAME)) {
    const bytes = m.slice(1, 5).map(Number);
    if (bytes.every((b) => b <= 255)) found.push(bytes.join('.'));
  }
  for (const m of name.matchAll(HEX_LABEL)) {
    const n = Number.parseInt(m[1], 16);
    found.push([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'));
  }
  return found;
}

/** Null when a URL's host may be used, else why not (by its spelling: address.ts judges the addresses). */
export function hostProblem(hostname: string, allowPrivate: boolean): string | null {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.+$/, '');
  if (isIP(host)) return addressProblem(host, allowPrivate);
  for (const address of addressesInName(host)) {
    const problem = addressProblem(address, allowPrivate);
    if (problem) return problem;
  }
  if (allowPrivate) return null;
  if (host === '' || LOCAL_NAME.test(host)) return PRIVATE_REFUSED;
  if (!host.includes('.')) return 'a host name without a domain (a local name) is not allowed';
  return null;
}

/** Null when the URL may be used, else the reason it may not. */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'only http and https URLs';
  if (url.username || url.password) return 'no credentials in the URL';
  if (raw.length > 2000) return 'URL too long';
  return hostProblem(url.hostname, allowPrivate);
}
