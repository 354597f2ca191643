/**
 * Addresses and thread ids: the per-seat reply-to address `orders+<token>@<domain>` (a plain reply is its own
 * authentication, as Diplicity does), the plain order address for SIGNON mail, the stable Message-ID of an outbox
 * row, the per-game-and-seat thread root every mail refers to, and the game's List-Id.
 */

/** The local part of the order address. */
export const ORDERS_LOCAL = 'orders';

/** The reply-to address of a seat: replies to it are authenticated by the token. */
export function seatReplyAddress(mailToken: string, domain: string): string {
  return `${ORDERS_LOCAL}+${mailToken}@${domain}`;
}

/** The plain order address (a fresh mail to it needs a SIGNON line). */
export function ordersAddress(domain: string): string {
  return `${ORDERS_LOCAL}@${domain}`;
}

/** The bare address of an address that may have a display name and angle brackets. */
export function bareAddress(value: string): string {
  const m = /<([^<>]*)>\s*$/.exec(value);
  return (m ? m[1] : value).trim().toLowerCase();
}

/**
 * Reply tokens found in recipient addresses: `orders+<token>@<domain>` (domain compared case-insensitively).
 * Tokens are base64url, so their case is kept.
 */
export function tokensIn(addresses: readonly string[], domain: string): string[] {
  const out = new Set<string>();
  const re = new RegExp(
    `(?:^|[\\s<,"'])${ORDERS_LOCAL}\\+([A-Za-z0-9_-]{16,100})@${domain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[\\s>,"'])`,
    'gi',
  );
  for (const a of addresses) for (const m of a.matchAll(re)) out.add(m[1]);
  return [...out];
}

/** The stable Message-ID of an outbox row. */
export function outboxMessageId(id: string, domain: string): string {
  return `<${id}@${domain}>`;
}

/** The thread root of one seat's mails of one game (every mail refers to it, so clients thread them). */
export function threadRoot(gameId: string, side: string, domain: string): string {
  return `<game.${gameId}.${side.replace(/[^A-Za-z0-9-]/g, '_')}@${domain}>`;
}

/** The thread root of a game's moderator mails. */
export function moderatorThreadRoot(gameId: string, domain: string): string {
  return `<game.${gameId}.moderator@${domain}>`;
}

/** The List-Id of a game (RFC 2919). */
export function listId(gameId: string, name: string, domain: string): string {
  const phrase = name.replace(/["\\\r\n]/g, '');
  // A plain-ASCII phrase is kept; otherwise the id alone (RFC 2919 allows it), so the header is never encoded.
  return /^[\x20-\x7e]{1,60}$/.test(phrase) ? `"${phrase}" <${gameId}.games.${domain}>` : `<${gameId}.games.${domain}>`;
}

/** The thread root of the mails of a person holding several seats of one game. */
export function personThreadRoot(gameId: string, personId: string, domain: string): string {
  return `<game.${gameId}.person.${personId.replace(/[^A-Za-z0-9-]/g, '_')}@${domain}>`;
}

/** The local part of the bounce addresses. */
export const BOUNCES_LOCAL = 'bounces';

/** The envelope sender of an outbox row (VERP): a bounce to it names the row by its random token. */
export function bounceAddress(bounceToken: string, domain: string): string {
  return `${BOUNCES_LOCAL}+${bounceToken}@${domain}`;
}

/** Bounce tokens found in addresses `bounces+<token>@<domain>` (domain compared case-insensitively). */
export function bounceTokensIn(addresses: readonly string[], domain: string): string[] {
  const out = new Set<string>();
  const re = new RegExp(
    `${BOUNCES_LOCAL}\\+([0-9a-f]{32})@${domain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9.-])`,
    'gi',
  );
  for (const a of addresses) for (const m of a.matchAll(re)) out.add(m[1].toLowerCase());
  return [...out];
}
