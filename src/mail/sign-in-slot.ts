/**
 * The sign-in link of every mail to a player. A composer (pure) writes `SIGN_IN_SLOT` where the link goes; the
 * outbox writer, in the mail's transaction, makes a fresh link for the mail's seat or person (a row in
 * `SignInLink` holding only the key's hash) and writes its address into the text and the HTML. So every result,
 * reminder and reply is a way back to the player's page, and a link leaked with one old mail dies on its own.
 */
import { newToken, hashToken } from '../services/tokens.ts';

/** Where a composed mail wants its sign-in link (text and HTML alike: it survives HTML escaping). */
export const SIGN_IN_SLOT = '[[sign-in-link]]';

/** The settings a sign-in link needs. */
export interface SignInSite {
  PUBLIC_URL: string;
  SIGN_IN_LINK_DAYS: number;
}

/** Who a link signs in: a seat held alone, or a person holding several seats. */
export type SignInTarget = { seatId: string; personId?: undefined } | { personId: string; seatId?: undefined };

/** The address of a sign-in link. */
export const signInUrl = (publicUrl: string, key: string): string => `${publicUrl.replace(/\/$/, '')}/in/${key}`;

/** What can write the link rows: a transaction or the Prisma client. */
export type SignInClient = { $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number> };

/**
 * Makes a sign-in link for a seat or a person, bound to its current token (rotating the token ends the link), valid
 * `SIGN_IN_LINK_DAYS`; the seat's or person's expired links are deleted on the way. Returns the key, or null when
 * the seat or person does not exist.
 */
export async function mintSignInLink(
  client: SignInClient,
  site: SignInSite,
  target: SignInTarget,
  now: Date,
): Promise<{ key: string; expiresAt: Date } | null> {
  const key = newToken();
  const expiresAt = new Date(now.getTime() + site.SIGN_IN_LINK_DAYS * 86_400_000);
  const [table, column, id] = target.seatId
    ? ['Seat', 'seatId', target.seatId]
    : ['Person', 'personId', target.personId as string];
  // One statement, one round trip: the expired links go (a CTE) as the new one is inserted; the count is the insert's.
  const made = await client.$executeRawUnsafe(
    `WITH expired AS (DELETE FROM "SignInLink" WHERE "${column}" = $4 AND "expiresAt" <= $2)
     INSERT INTO "SignInLink" (id, "gameId", "${column}", "tokenHash", "createdAt", "expiresAt")
     SELECT $1, t."gameId", t.id, t."tokenHash", $2, $3 FROM "${table}" t WHERE t.id = $4`,
    hashToken(key),
    now,
    expiresAt,
    id,
  );
  return made ? { key, expiresAt } : null;
}

/** A mail with the fields the slot filling reads and writes. */
interface SlottedMail {
  gameId?: string;
  seatId?: string;
  personId?: string;
  text: string;
  html: string;
}

/**
 * Fills the sign-in slot of each mail that has one with a fresh link for its seat or person; a mail that names
 * neither gets the game's short link instead (it asks for a sign-in).
 */
export async function fillSignInSlots<M extends SlottedMail>(
  client: SignInClient,
  site: SignInSite,
  mails: M[],
  now: Date,
): Promise<M[]> {
  const out: M[] = [];
  for (const mail of mails) {
    if (!mail.text.includes(SIGN_IN_SLOT) && !mail.html.includes(SIGN_IN_SLOT)) {
      out.push(mail);
      continue;
    }
    const target: SignInTarget | null = mail.personId
      ? { personId: mail.personId }
      : mail.seatId
        ? { seatId: mail.seatId }
        : null;
    const link = target && (await mintSignInLink(client, site, target, now));
    const url = link
      ? signInUrl(site.PUBLIC_URL, link.key)
      : `${site.PUBLIC_URL.replace(/\/$/, '')}/g/${mail.gameId ?? ''}`;
    out.push({ ...mail, text: mail.text.replaceAll(SIGN_IN_SLOT, url), html: mail.html.replaceAll(SIGN_IN_SLOT, url) });
  }
  return out;
}
