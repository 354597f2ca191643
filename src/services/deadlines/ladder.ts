/**
 * The ladder for a vanishing player (docs/deadlines.md, "The computer takes over"): a player's seat that missed the
 * game's `botAfterMisses` deadlines in a row (its punctuality record: default orders applied, src/services/deadlines/
 * punctuality.ts) is handed to the computer player in the transaction that publishes the step of the last miss.
 * Everyone is told in their language, the seat's player how to take it back, and the moderator is asked for a
 * replacement (src/services/bot-seats.ts). Misses before the player last took the seat back do not count.
 */
import { handToBotLocked, type HandOverSeat } from '../bot-seats.ts';
import type { ServiceDeps, SqlTx } from '../deps.ts';
import type { DeadlineGame, DeadlineStep } from './step-state.ts';

/**
 * After the punctuality of `prev` is recorded: hands to the computer every player's seat whose default orders at
 * `prev` made its latest `botAfterMisses` outcomes all missed. Returns the sides handed over.
 */
export async function climbLadder(
  tx: SqlTx,
  deps: ServiceDeps,
  game: DeadlineGame,
  prev: Pick<DeadlineStep, 'gameId' | 'defaultsApplied'>,
): Promise<string[]> {
  const n = game.botAfterMisses;
  if (!n || !prev.defaultsApplied.length || game.status === 'finished') return [];
  const seats = await tx.$queryRawUnsafe<HandOverSeat[]>(
    `SELECT se.id, se.side, se.bot, se."personId", p.email AS address
     FROM "Seat" se JOIN "Person" p ON p.id = se."personId"
     WHERE se."gameId" = $1 AND se.side = ANY($2::text[]) AND NOT se.bot AND p.email <> ''
     ORDER BY se.side FOR UPDATE OF se`,
    game.id,
    prev.defaultsApplied,
  );
  const handed: string[] = [];
  for (const seat of seats) {
    if ((await missesInARow(tx, game.id, seat, n)) < n) continue;
    await handToBotLocked(tx, deps, game, seat, { by: 'misses', misses: n });
    handed.push(seat.side);
  }
  return handed;
}

/**
 * The seat's latest outcomes that are misses in a row (looking at `n` at most), counting none from before the step
 * its player last took it back.
 */
async function missesInARow(tx: SqlTx, gameId: string, seat: HandOverSeat, n: number): Promise<number> {
  const rows = await tx.$queryRawUnsafe<{ outcome: string }[]>(
    `SELECT pu.outcome FROM "Punctuality" pu JOIN "Step" st ON st.id = pu."stepId"
     WHERE pu."seatId" = $1 AND st.number >= COALESCE((
       SELECT max((a.detail->>'step')::int) FROM "AuditLog" a
       WHERE a."gameId" = $2 AND a.action = 'seat.player' AND a.detail->>'side' = $3), 0)
     ORDER BY st.number DESC LIMIT $4`,
    seat.id,
    gameId,
    seat.side,
    n,
  );
  const firstKept = rows.findIndex((r) => r.outcome !== 'missed');
  return firstKept === -1 ? rows.length : firstKept;
}
