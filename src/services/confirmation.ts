/**
 * Confirmation after a moderator's rejection (docs/orders.md, "When the moderator rejects a result"): the step
 * reopens with every order kept, and each seat that owes orders confirms or revises them. A seat has confirmed when
 * its current orders are a later revision than the one on file at the rejection (`Step.rejectedRevisions`): any
 * submission counts, the same orders sent again (confirm) or other ones (revise), by any path (page, mail, API) or
 * the moderator's amendment. Until every owed seat has, the step does not resolve, except at its deadline.
 */
import type { Owed } from '../engine/types.ts';
import { storedOwed } from './json.ts';
import type { SqlTx } from './deps.ts';

/** What the reads here need of a transaction (or of the Prisma client). */
type SqlReader = Pick<SqlTx, '$queryRawUnsafe'>;

/** Per side, the revision of its orders on file when the moderator rejected the step's result. */
export type RejectedRevisions = Record<string, number>;

/** Reads `Step.rejectedRevisions` leniently (null: the step is not waiting for confirmations). */
export function rejectedRevisionsOf(raw: unknown): RejectedRevisions | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  return Object.fromEntries(Object.entries(raw as Record<string, unknown>).map(([side, n]) => [side, Number(n) || 0]));
}

/** The owed sides (sorted) whose current orders are not later than those on file at the rejection. */
export function unconfirmedOf(owed: Owed[], rejected: RejectedRevisions, current: Record<string, number>): string[] {
  const sides = [...new Set(owed.map((o) => o.seat))].sort();
  return sides.filter((side) => (current[side] ?? 0) <= (rejected[side] ?? 0));
}

/** The current revision of each seat's orders of a step, by side. */
export async function currentRevisions(tx: SqlReader, stepId: string): Promise<Record<string, number>> {
  const rows = await tx.$queryRawUnsafe<{ side: string; revision: number }[]>(
    `SELECT se.side, max(o.revision)::int AS revision
     FROM "Order" o JOIN "Seat" se ON se.id = o."seatId" WHERE o."stepId" = $1 GROUP BY se.side`,
    stepId,
  );
  return Object.fromEntries(rows.map((r) => [r.side, Number(r.revision)]));
}

/**
 * The owed sides of a step that have yet to confirm or revise their orders after a rejection; [] when the step is
 * not waiting for confirmations (never rejected, or its deadline made the kept orders stand).
 */
export async function unconfirmedSides(
  tx: SqlReader,
  step: { id: string; owed: unknown; rejectedRevisions: unknown },
): Promise<string[]> {
  const rejected = rejectedRevisionsOf(step.rejectedRevisions);
  if (!rejected) return [];
  const owed = storedOwed(step.owed);
  return unconfirmedOf(owed, rejected, await currentRevisions(tx, step.id));
}
