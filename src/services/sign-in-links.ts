/**
 * The sign-in links of mails (`/in/<key>`, made by the outbox writer: src/mail/sign-in-slot.ts) and the request for
 * a fresh one. A link signs a browser in as its seat or person until it expires, and only while that seat's or
 * person's token is the one it was made under: replacing the player or rotating the token ends every link at once.
 */
import { randomUUID } from 'node:crypto';
import { enqueue } from '../queue/enqueue.ts';
import { QUEUES, type SignInLinkJob } from '../queue/queues.ts';
import { hashToken } from './tokens.ts';
import type { ServiceDeps } from './deps.ts';

/** Links mailed on request per address and game per hour: enough for a lost mail, too few to flood an inbox. */
export const SIGN_IN_REQUESTS_PER_HOUR = 3;

// The advisory lock's first key keeps this lock apart from any other user of advisory locks.
const LOCK_NAMESPACE = 0x7369676e; // "sign"

/** Who a valid link signs in, with the token hash its session is bound to. */
export type SignInPrincipal =
  | { kind: 'seat'; gameId: string; seatId: string; tokenHash: string }
  | { kind: 'person'; gameId: string; personId: string; tokenHash: string };

/** What a link's key is worth: a principal, a link that no longer works (with its game), or nothing. */
export type RedeemedLink = SignInPrincipal | { kind: 'expired'; gameId: string } | { kind: 'unknown' };

/** Looks up a sign-in link's key. */
export async function redeemSignInLink(deps: Pick<ServiceDeps, 'db' | 'clock'>, key: string): Promise<RedeemedLink> {
  const link = await deps.db.signInLink.findUnique({ where: { id: hashToken(key) } });
  if (!link) return { kind: 'unknown' };
  const expired = { kind: 'expired', gameId: link.gameId } as const;
  if (link.expiresAt <= deps.clock()) return expired;
  if (link.seatId) {
    const seat = await deps.db.seat.findUnique({ where: { id: link.seatId }, select: { tokenHash: true } });
    if (seat?.tokenHash !== link.tokenHash) return expired;
    return { kind: 'seat', gameId: link.gameId, seatId: link.seatId, tokenHash: link.tokenHash };
  }
  if (!link.personId) return { kind: 'unknown' };
  const person = await deps.db.person.findUnique({ where: { id: link.personId }, select: { tokenHash: true } });
  if (person?.tokenHash !== link.tokenHash) return expired;
  return { kind: 'person', gameId: link.gameId, personId: link.personId, tokenHash: link.tokenHash };
}

/**
 * Asks for a fresh sign-in link for whoever `gameId` has on file under `email`, off the request path: every ask,
 * whatever the address, is one job on the `sign-in-link` queue and nothing else, so the sign-in page does the same
 * work and takes the same time for an address that plays and one that does not, and tells nobody who plays. The
 * job (`handleSignInLinkJob`, in a worker) looks the address up and mails. Before any worker has created the job
 * tables, the same work runs in this process after the caller has answered, never awaited by it.
 */
export async function askForSignInLink(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'notifier' | 'log'>,
  gameId: string,
  email: string,
): Promise<void> {
  const job: SignInLinkJob = { gameId, email: email.trim() };
  if (await enqueue(deps.db, QUEUES.signInLink, job, { key: randomUUID() })) return;
  setImmediate(() => {
    handleSignInLinkJob(deps, job).catch((error) => deps.log.warn({ err: error, gameId }, 'sign-in link not mailed'));
  });
}

/** Runs one `sign-in-link` job: mails the link if the address is on file and under the hourly limit. */
export async function handleSignInLinkJob(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'notifier'>,
  job: SignInLinkJob,
): Promise<number> {
  return requestSignInLink(deps, job.gameId, job.email);
}

/**
 * Mails a fresh sign-in link to the seat (held alone) or person of `gameId` registered with `email`, unless that
 * address had `SIGN_IN_REQUESTS_PER_HOUR` of them this hour (asks for one address and game take their turn, so
 * asks run side by side never pass the limit together). The mail goes to the address on file only. Returns how
 * many mails were queued (for tests and logs, never for the page: the page asks through `askForSignInLink`).
 */
export async function requestSignInLink(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'notifier'>,
  gameId: string,
  email: string,
): Promise<number> {
  const address = { equals: email.trim(), mode: 'insensitive' } as const;
  const now = deps.clock();
  return deps.db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(
      'SELECT pg_advisory_xact_lock($1, hashtext($2))',
      LOCK_NAMESPACE,
      `${gameId}\n${email.trim().toLowerCase()}`,
    );
    // A person holding one seat gets that seat's link (its secrets are the seat's); one holding several, its own.
    const persons = await tx.person.findMany({
      where: { gameId, email: address },
      select: { id: true, seats: { select: { id: true } } },
    });
    const alone = persons.filter((p) => p.seats.length === 1).map((p) => ({ seatId: p.seats[0].id }));
    const several = persons.filter((p) => p.seats.length > 1).map((p) => ({ personId: p.id }));
    const targets = [...alone, ...several];
    if (!targets.length) return 0;
    const since = new Date(now.getTime() - 3600_000);
    // The address without case, as the outbox's index on it reads it.
    const [{ sent }] = await tx.$queryRawUnsafe<{ sent: number }[]>(
      `SELECT count(*)::int AS sent FROM "Outbox"
       WHERE lower("toAddress") = lower($1) AND "createdAt" >= $2::timestamp(3) AND "gameId" = $3 AND kind = 'sign-in'`,
      email.trim(),
      since.toISOString(),
      gameId,
    );
    const allowed = targets.slice(0, Math.max(0, SIGN_IN_REQUESTS_PER_HOUR - sent));
    for (const target of allowed) await deps.notifier.signInLink(tx, { gameId, ...target });
    return allowed.length;
  });
}
