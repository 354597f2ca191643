/**
 * Mails of a game set aside unread: their processing failed INBOUND_MAX_ATTEMPTS times (src/mail/intake.ts), so
 * nothing in them was carried out; their senders were answered and the moderator told by mail. The moderator's view
 * of the game (API and console page) lists the recent ones, so they can ask the player or act for the seat.
 */
import type { ServiceDeps } from './deps.ts';

/** A mail set aside unread, as the moderator sees it (its headers as written, never its body). */
export interface UnreadMail {
  receivedAt: Date;
  from: string | null;
  subject: string | null;
  /** The seat its reply address named, if any. */
  side: string | null;
  /** Whether its sender was answered (false: the reply budget was spent, or no address to answer). */
  answered: boolean;
}

/** How far back, and how many, set-aside mails the moderator is shown. */
const LOOK_BACK_MS = 30 * 86_400_000;
const MAX_SHOWN = 20;

/** The game's mails set aside unread in the last 30 days, newest first (at most 20). */
export async function unreadMailsOf(deps: Pick<ServiceDeps, 'db' | 'clock'>, gameId: string): Promise<UnreadMail[]> {
  const since = new Date(deps.clock().getTime() - LOOK_BACK_MS);
  const rows = await deps.db.inboundMail.findMany({
    where: { gameId, status: 'failed', receivedAt: { gt: since }, result: { path: ['reason'], equals: 'gave-up' } },
    orderBy: { receivedAt: 'desc' },
    take: MAX_SHOWN,
    select: { receivedAt: true, seatId: true, result: true },
  });
  const seatIds = [...new Set(rows.flatMap((r) => (r.seatId ? [r.seatId] : [])))];
  const seats = seatIds.length
    ? await deps.db.seat.findMany({ where: { id: { in: seatIds } }, select: { id: true, side: true } })
    : [];
  return rows.map((r) => {
    const result = (r.result ?? {}) as { from?: string; subject?: string; replied?: boolean };
    return {
      receivedAt: r.receivedAt,
      from: result.from ?? null,
      subject: result.subject ?? null,
      side: seats.find((s) => s.id === r.seatId)?.side ?? null,
      answered: result.replied === true,
    };
  });
}
