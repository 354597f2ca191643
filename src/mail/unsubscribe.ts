/**
 * The one-click unsubscribe of every mail to a player (RFC 2369 `List-Unsubscribe`, RFC 8058
 * `List-Unsubscribe-Post`): an HTTPS URL carrying the person's unguessable key (`/unsubscribe/<key>`: its GET shows a
 * confirmation, its POST does it) and a `mailto:` alternative, `orders+unsubscribe-<key>@<domain>`, handled by the
 * inbound mail intake. Either moves the person to "only when I must move" (src/services/mail-preferences.ts): the
 * game never falls silent.
 */
import type { ServiceDeps } from '../services/deps.ts';
import { unsubscribeByKey } from '../services/mail-preferences.ts';
import { ORDERS_LOCAL } from './addresses.ts';

/** The settings the headers need. */
export interface UnsubscribeSite {
  PUBLIC_URL: string;
  MAIL_DOMAIN: string;
}

/** The prefix of the key in the local part of the `mailto:` address. */
const MAILTO_PREFIX = 'unsubscribe-';

/** The URL of a person's one-click unsubscribe. */
export const unsubscribeUrl = (publicUrl: string, key: string): string =>
  `${publicUrl.replace(/\/$/, '')}/unsubscribe/${key}`;

/** The `mailto:` address of a person's unsubscribe. */
export const unsubscribeAddress = (key: string, domain: string): string =>
  `${ORDERS_LOCAL}+${MAILTO_PREFIX}${key}@${domain}`;

/** The two headers of a person's mails. */
export function unsubscribeHeaders(site: UnsubscribeSite, key: string): Record<string, string> {
  const mailto = `mailto:${unsubscribeAddress(key, site.MAIL_DOMAIN)}?subject=unsubscribe`;
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(site.PUBLIC_URL, key)}>, <${mailto}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The unsubscribe key of the first recipient address that is an unsubscribe address of this domain, or null. */
export function unsubscribeKeyIn(addresses: readonly string[], domain: string): string | null {
  const host = domain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(
    `(?:^|[\\s<,"'])${ORDERS_LOCAL}\\+${MAILTO_PREFIX}([0-9a-f]{16,100})@${host}(?=$|[\\s>,"'])`,
    'i',
  );
  for (const a of addresses) {
    const m = re.exec(a);
    if (m) return m[1].toLowerCase();
  }
  return null;
}

/**
 * A mail to a person's unsubscribe address (`addresses`: its envelope and header recipients): the person gets "only
 * when I must move", and the mail is never read as orders nor answered. Null when the mail is not one.
 */
export async function unsubscribeByMail(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'config'>,
  addresses: readonly string[],
): Promise<{ status: 'processed' | 'ignored'; reason: string; gameId?: string } | null> {
  const key = unsubscribeKeyIn(addresses, deps.config.MAIL_DOMAIN);
  if (!key) return null;
  const person = await unsubscribeByKey(deps, key);
  return person
    ? { status: 'processed', reason: 'unsubscribed', gameId: person.gameId }
    : { status: 'ignored', reason: 'unsubscribe-unknown' };
}
