/**
 * The per-reader parts of a batch of player mails in one statement: a fresh sign-in link for each mail with a
 * sign-in slot (src/mail/sign-in-slot.ts: the seat's or person's expired links deleted on the way, the new link bound
 * to its current token) and the unsubscribe key of each mail's person (src/mail/unsubscribe.ts). The outbox writer
 * calls this once per batch of mails instead of two statements per link and one for the keys.
 */
import { write } from '../db/sql-tx.ts';
import type { SqlTx } from '../services/deps.ts';
import { lockedPerson, lockedSeat } from '../services/locked-people.ts';
import { hashToken, newToken } from '../services/tokens.ts';
import { SIGN_IN_SLOT, type SignInSite, signInUrl } from './sign-in-slot.ts';
import { type UnsubscribeSite, unsubscribeHeaders } from './unsubscribe.ts';

/** A mail with what its links are made from: its game, its seat or person, its text, HTML and headers. */
interface PlayerMail {
  gameId?: string;
  seatId?: string;
  personId?: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** What can run the statements: a transaction or the Prisma client. */
export type LinkClient = Pick<SqlTx, '$queryRawUnsafe' | '$executeRawUnsafe'>;

// $1..$3: the links (target kind 'seat' or 'person', target id, hash of the key); $4 now, $5 the links' expiry.
const LINKS = `WITH wanted AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) AS w(kind, target, hash)),
  gone_s AS (DELETE FROM "SignInLink" WHERE "seatId" IN (SELECT target FROM wanted WHERE kind = 'seat') AND "expiresAt" <= $4::timestamp(3)),
  gone_p AS (DELETE FROM "SignInLink" WHERE "personId" IN (SELECT target FROM wanted WHERE kind = 'person') AND "expiresAt" <= $4::timestamp(3)),
  made_s AS (INSERT INTO "SignInLink" (id, "gameId", "seatId", "tokenHash", "createdAt", "expiresAt")
    SELECT w.hash, t."gameId", t.id, t."tokenHash", $4::timestamp(3), $5::timestamp(3) FROM wanted w JOIN "Seat" t ON t.id = w.target WHERE w.kind = 'seat' RETURNING id),
  made_p AS (INSERT INTO "SignInLink" (id, "gameId", "personId", "tokenHash", "createdAt", "expiresAt")
    SELECT w.hash, t."gameId", t.id, t."tokenHash", $4::timestamp(3), $5::timestamp(3) FROM wanted w JOIN "Person" t ON t.id = w.target WHERE w.kind = 'person' RETURNING id)`;

// The links as LINKS makes them, answering 'link' rows (the link's hash, when its seat or person exists); and, for
// $6, $7, the seats and persons whose unsubscribe key is wanted, 'seat'/'person' rows with the key.
const LINKS_AND_KEYS = `${LINKS}
SELECT 'link' AS kind, id, NULL AS key FROM made_s UNION ALL SELECT 'link', id, NULL FROM made_p
UNION ALL SELECT 'seat', s.id, p."unsubscribeKey" FROM "Seat" s JOIN "Person" p ON p.id = s."personId" WHERE s.id = ANY($6::text[])
UNION ALL SELECT 'person', p.id, p."unsubscribeKey" FROM "Person" p WHERE p.id = ANY($7::text[])`;

// The links alone, as a write (when the transaction knows the seats and persons already).
const LINKS_ONLY = `${LINKS} SELECT 1`;

/** A link to make: for a seat or a person, and the hash of its key. */
type Link = { kind: string; target: string; hash: string };

/** What the links and keys statement answers: made links (their hashes) and unsubscribe keys by `seat:`/`person:` id. */
type Answer = { made: Set<string>; keyOf: Map<string, string | null> };

/**
 * The seats' and persons' unsubscribe keys, and the links (all made: their seats and persons exist), from what the
 * transaction read under the game lock (src/services/locked-people.ts); null when it did not read them all.
 */
function lockedAnswer(client: object, links: Link[], seatIds: string[], personIds: string[]): Answer | null {
  const keyOf = new Map<string, string | null>();
  for (const id of seatIds) {
    const known = lockedSeat(client, id);
    if (!known) return null;
    keyOf.set(`seat:${id}`, known.person.unsubscribeKey);
  }
  for (const id of personIds) {
    const known = lockedPerson(client, id);
    if (!known) return null;
    keyOf.set(`person:${id}`, known.unsubscribeKey);
  }
  const exists = (l: Link) => (l.kind === 'seat' ? lockedSeat(client, l.target) : lockedPerson(client, l.target));
  if (!links.every(exists)) return null;
  return { made: new Set(links.map((l) => l.hash)), keyOf };
}

/**
 * Fills each mail's sign-in slot with a fresh link for its seat or person (a mail naming neither, or whose seat or
 * person is gone, gets the game's short link), and adds its person's unsubscribe headers to every mail naming a seat
 * or a person; other mails are left as they are. One statement for the whole batch (none when nothing needs one).
 */
export async function addPlayerLinks<M extends PlayerMail>(
  client: LinkClient,
  site: SignInSite & UnsubscribeSite,
  mails: M[],
  now: Date,
): Promise<M[]> {
  const slotted = (m: M) => m.text.includes(SIGN_IN_SLOT) || m.html.includes(SIGN_IN_SLOT);
  const keys = mails.map((m) => (slotted(m) && (m.personId || m.seatId) ? newToken() : null));
  const links = mails.flatMap((m, i) => {
    const key = keys[i];
    if (!key) return [];
    return [{ kind: m.personId ? 'person' : 'seat', target: (m.personId ?? m.seatId) as string, hash: hashToken(key) }];
  });
  const seatIds = [...new Set(mails.flatMap((m) => (!m.personId && m.seatId ? [m.seatId] : [])))];
  const personIds = [...new Set(mails.flatMap((m) => (m.personId ? [m.personId] : [])))];
  if (!links.length && !seatIds.length && !personIds.length) return mails.map((m) => withShortLink(site, m));
  const expiresAt = new Date(now.getTime() + site.SIGN_IN_LINK_DAYS * 86_400_000);
  const params = [
    links.map((l) => l.kind),
    links.map((l) => l.target),
    links.map((l) => l.hash),
    now.toISOString(),
    expiresAt.toISOString(),
  ];
  const locked = lockedAnswer(client, links, seatIds, personIds);
  if (locked && links.length) await write(client, LINKS_ONLY, ...params);
  const { made, keyOf } = locked ?? (await linksAndKeys(client, params, seatIds, personIds));
  return mails.map((m, i) => {
    const key = keys[i];
    const linked =
      key && made.has(hashToken(key)) ? withSlot(m, signInUrl(site.PUBLIC_URL, key)) : withShortLink(site, m);
    const unsubscribe = m.personId
      ? keyOf.get(`person:${m.personId}`)
      : m.seatId
        ? keyOf.get(`seat:${m.seatId}`)
        : null;
    return unsubscribe
      ? { ...linked, headers: { ...linked.headers, ...unsubscribeHeaders(site, unsubscribe) } }
      : linked;
  });
}

/** Makes the links and reads the keys in one statement. */
async function linksAndKeys(client: LinkClient, params: unknown[], seatIds: string[], personIds: string[]) {
  const rows = await client.$queryRawUnsafe<{ kind: string; id: string; key: string | null }[]>(
    LINKS_AND_KEYS,
    ...params,
    seatIds,
    personIds,
  );
  const made = new Set(rows.filter((r) => r.kind === 'link').map((r) => r.id));
  const keyOf = new Map(rows.filter((r) => r.kind !== 'link').map((r) => [`${r.kind}:${r.id}`, r.key]));
  return { made, keyOf };
}

/** The mail with its slot (if any) filled with `url`. */
function withSlot<M extends PlayerMail>(mail: M, url: string): M {
  if (!mail.text.includes(SIGN_IN_SLOT) && !mail.html.includes(SIGN_IN_SLOT)) return mail;
  return { ...mail, text: mail.text.replaceAll(SIGN_IN_SLOT, url), html: mail.html.replaceAll(SIGN_IN_SLOT, url) };
}

/** The mail with its slot (if any) filled with the game's short link (it asks for a sign-in). */
const withShortLink = <M extends PlayerMail>(site: SignInSite, mail: M): M =>
  withSlot(mail, `${site.PUBLIC_URL.replace(/\/$/, '')}/g/${mail.gameId ?? ''}`);
