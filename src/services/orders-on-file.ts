/**
 * The orders on file at a step, written as order text a player can send back unchanged: the reply template of a
 * step sent back by the moderator (src/services/rejection.ts), one seat's orders, or each seat's after its SEAT
 * line for a person holding several.
 */
import type { Locale } from '../i18n/index.ts';
import { formatOrderText } from '../orders-text/game-text.ts';
import { formatOrdersBySeat } from '../orders-text/seat-orders.ts';
import { componentData } from './component-data.ts';
import { gameDefinition, type ServiceDeps, type Tx } from './deps.ts';
import { cachedEnvelope } from './step-envelopes.ts';

/** The orders on file of a step's seats as text, by the reader's language and seats ([] for none on file). */
export type OrdersOnFile = (locale: Locale, sides: readonly string[]) => string[];

/** Reads the latest orders of every seat at a step (under the caller's transaction) as an `OrdersOnFile`. */
export async function ordersOnFile(tx: Tx, deps: ServiceDeps, gameId: string, stepId: string): Promise<OrdersOnFile> {
  const game = await tx.game.findUniqueOrThrow({ where: { id: gameId }, select: { game: true, data: true } });
  const def = gameDefinition(deps, game.game);
  const rows = await tx.order.findMany({
    where: { stepId },
    orderBy: { revision: 'desc' },
    select: { parsed: true, seat: { select: { side: true } } },
  });
  const latest: Record<string, unknown> = {};
  for (const r of rows) if (!(r.seat.side in latest)) latest[r.seat.side] = r.parsed;
  if (!def || !Object.keys(latest).length) return () => [];
  const state = (await cachedEnvelope(deps, stepId)).state;
  const data = componentData(def, game);
  const choicesOf = (side: string) => {
    try {
      return def.choices(state, side);
    } catch {
      return null;
    }
  };
  return (locale, sides) => {
    const mine = sides.filter((s) => s in latest);
    if (!mine.length) return [];
    if (mine.length === 1) {
      const side = mine[0];
      return formatOrderText(def, { data, seat: side, choices: choicesOf(side) }, latest[side], locale);
    }
    const seats = mine.map((side) => ({ side, choices: choicesOf(side) }));
    return formatOrdersBySeat(def, data, seats, latest, locale);
  };
}
