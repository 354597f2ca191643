/**
 * The delivery state of players' addresses, from the bounces their mail met (docs/email.md, "Bounces"). An address
 * is "ok" until a hard bounce makes it "bouncing"; a second hard bounce makes it "suppressed", and mail to it is not
 * sent (src/mail/delivery.ts) until the player confirms or changes the address on the page. Soft bounces (4.x.x: a
 * full mailbox, a greylisting peer) are only counted: SOFT_AS_HARD of them in a row count as one hard bounce.
 */
import type { Db } from '../db/client.ts';
import type { Tx } from './deps.ts';
import { addressKey } from './persons.ts';

/** Hard bounces that suppress an address. */
export const HARD_TO_SUPPRESS = 2;
/** Soft bounces in a row that count as one hard bounce. */
export const SOFT_AS_HARD = 5;

/** What the moderator sees of a seat's address. */
export interface MailStatus {
  status: 'ok' | 'bouncing' | 'suppressed';
  since: Date | null;
  reason: string | null;
}

const OK: MailStatus = { status: 'ok', since: null, reason: null };

/** The status of each of `addresses` (keyed by `addressKey`); an address without a row is ok. */
export async function mailStatusesOf(db: Db | Tx, addresses: string[]): Promise<Map<string, MailStatus>> {
  const keys = [...new Set(addresses.map(addressKey))];
  const rows = keys.length ? await db.mailAddress.findMany({ where: { address: { in: keys } } }) : [];
  const out = new Map<string, MailStatus>(keys.map((k) => [k, OK]));
  for (const r of rows)
    if (r.status !== 'ok')
      out.set(r.address, { status: r.status as MailStatus['status'], since: r.since, reason: r.reason });
  return out;
}

/** The status of one address. */
export async function mailStatusOf(db: Db | Tx, address: string): Promise<MailStatus> {
  return (await mailStatusesOf(db, [address])).get(addressKey(address)) ?? OK;
}

/** One bounce as the mail side read it. */
export interface Bounce {
  hard: boolean;
  reason: string;
  at: Date;
  /** The inbound mail it came in (counted once). */
  inboundId: string;
}

/** What a bounce did to an address: its status before and after (equal when nothing changed). */
export interface BounceEffect {
  before: MailStatus['status'];
  after: MailStatus;
  counted: boolean;
}

/**
 * Counts a bounce of `address`: a hard one (or the SOFT_AS_HARD-th soft one in a row) marks it bouncing, and the
 * HARD_TO_SUPPRESS-th suppresses it. A bounce already counted (the same inbound mail) changes nothing.
 */
export async function noteBounce(db: Db, address: string, bounce: Bounce): Promise<BounceEffect> {
  const key = addressKey(address);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`INSERT INTO "MailAddress" (address) VALUES (${key}) ON CONFLICT (address) DO NOTHING`;
    const [row] = await tx.$queryRaw<
      {
        status: string;
        since: Date | null;
        reason: string | null;
        hardBounces: number;
        softBounces: number;
        lastInboundId: string | null;
      }[]
    >`SELECT status, since, reason, "hardBounces", "softBounces", "lastInboundId" FROM "MailAddress" WHERE address = ${key} FOR UPDATE`;
    const before = row.status as MailStatus['status'];
    if (row.lastInboundId === bounce.inboundId) {
      return { before, after: { status: before, since: row.since, reason: row.reason }, counted: false };
    }
    const soft = bounce.hard ? 0 : row.softBounces + 1;
    const hardNow = bounce.hard || soft >= SOFT_AS_HARD;
    const hard = row.hardBounces + (hardNow ? 1 : 0);
    const status: MailStatus['status'] = hard >= HARD_TO_SUPPRESS ? 'suppressed' : hard >= 1 ? 'bouncing' : 'ok';
    const since = status === before ? row.since : bounce.at;
    const reason = hardNow ? bounce.reason.slice(0, 500) : row.reason;
    await tx.mailAddress.update({
      where: { address: key },
      data: {
        status,
        since,
        reason,
        hardBounces: hard,
        softBounces: hardNow ? 0 : soft,
        lastInboundId: bounce.inboundId,
        updatedAt: bounce.at,
      },
    });
    return { before, after: { status, since, reason }, counted: true };
  });
}

/** Whether mail to `address` is held back (the address is suppressed). */
export async function isSuppressed(db: Db | Tx, address: string): Promise<boolean> {
  return (await mailStatusOf(db, address)).status === 'suppressed';
}

/** Resets an address to ok (its player confirmed it, or it is a new address): its counts start again. */
export async function resetMailStatus(db: Db | Tx, address: string): Promise<void> {
  await db.mailAddress.deleteMany({ where: { address: addressKey(address) } });
}
