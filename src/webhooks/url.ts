/**
 * Which webhook URLs a moderator may configure: http(s) only, no credentials in the URL, and (unless the operator
 * allows it for local bots) no loopback, private or link-local address literal or `localhost`. Deliveries go only
 * to a URL stored for the game, and redirects are not followed, so a hook cannot be bounced elsewhere.
 */
import { isIP } from 'node:net';

function privateAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal')) return true;
  const kind = isIP(h);
  if (kind === 4) {
    const [a, b] = h.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (kind === 6)
    return (
      h === '::1' ||
      h === '::' ||
      h.startsWith('fc') ||
      h.startsWith('fd') ||
      h.startsWith('fe80') ||
      h.startsWith('::ffff:')
    );
  return false;
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
  if (!allowPrivate && privateAddress(url.hostname)) return 'loopback and private addresses are not allowed';
  return null;
}
