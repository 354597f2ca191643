/**
 * What an order mail's reply says comes next (src/mail/order-mail.ts): what the sender's seats still owe, and when
 * they owe nothing, the seats waited for, the moderator's review or the result.
 */
import type { Owed } from '../engine/types.ts';
import { currentStepProgress } from '../services/steps.ts';
import type { ReplyReport } from './compose-reply.ts';
import type { MailContext } from './order-mail-commands.ts';

/**
 * What the sender's seats owe now (after a resolution this is the next step), seat by seat, and the deadline: the
 * points of seats with no orders in for the step (a seat's orders in are what it sent, not a debt); and what happens
 * next when they owe nothing: the seats waited for, the moderator's review, or the result.
 */
export async function owedNow(
  ctx: MailContext,
  resolved: boolean,
): Promise<Pick<ReplyReport, 'owed' | 'owedBySeat' | 'deadline' | 'next'>> {
  const now = await currentStepProgress(ctx.deps, ctx.game.id);
  // The sides from the game's seats, loaded with the context (a relation select costs a query of its own).
  const sideOf = new Map(ctx.game.seats.map((s) => [s.id, s.side]));
  const done = new Set(now.seatsIn.map((id) => sideOf.get(id)));
  const outstanding = now.status === 'open' ? now.owed.filter((o: Owed) => !done.has(o.seat)) : [];
  const owedBySeat = ctx.seats.map((s) => ({ side: s.side, owed: outstanding.filter((o) => o.seat === s.side) }));
  const owed = owedBySeat.flatMap((s) => s.owed);
  const bySeat = ctx.principal.kind === 'person' ? { owedBySeat } : {};
  return { owed, ...bySeat, deadline: now.deadlineAt, ...nextOf(ctx, now.status, resolved, owed, outstanding) };
}

/** What happens next: the review or the result of the step, or the seats waited for when the reader owes nothing. */
function nextOf(
  ctx: MailContext,
  status: string,
  resolved: boolean,
  owed: readonly Owed[],
  outstanding: readonly Owed[],
): Pick<ReplyReport, 'next'> {
  if (!ctx.seats.length) return {};
  if (status === 'awaiting_review') return { next: { kind: 'review' } };
  if (resolved) return { next: { kind: 'resolved' } };
  if (owed.length) return {};
  const sides = [...new Set(outstanding.map((o) => o.seat))];
  return sides.length ? { next: { kind: 'waiting', sides } } : {};
}
