/**
 * Who gets which mail for a published step, under the game's notification policy (`GameDefinition.notify`): the
 * seats that owe next get the result, the others a digest at the end of a phase or nothing, and each mail covers
 * every step since the seat's last one. Pure.
 */
import type { NotifyPolicy, SeatId } from '../engine/types.ts';

/** One published step as the plan sees it: its policy and the seats that owed orders after it. */
export interface NoticeStep {
  number: number;
  policy: NotifyPolicy;
  owedNext: readonly SeatId[];
}

/** The mail one seat gets for the last step: a result or a digest, covering steps `from` to that step. */
export interface SeatMailPlan {
  kind: 'result' | 'digest';
  from: number;
}

/** Whether a seat heard about a step, and how. */
function mailOf(step: NoticeStep, seat: SeatId): SeatMailPlan['kind'] | null {
  if (step.policy.results === 'all' || step.owedNext.includes(seat)) return 'result';
  return step.policy.digest ? 'digest' : null;
}

/**
 * The mails of the last step of `history` (ascending; it starts right after a step every seat heard about, or at
 * the first step of the game). A seat that gets no mail maps to null.
 */
export function planMails(
  history: readonly NoticeStep[],
  seats: readonly SeatId[],
): Record<SeatId, SeatMailPlan | null> {
  const out: Record<SeatId, SeatMailPlan | null> = {};
  const last = history[history.length - 1];
  for (const seat of seats) {
    const kind = last ? mailOf(last, seat) : null;
    if (!kind) {
      out[seat] = null;
      continue;
    }
    let from = history[0].number;
    for (let i = history.length - 2; i >= 0; i--) {
      if (mailOf(history[i], seat)) {
        from = history[i].number + 1;
        break;
      }
    }
    out[seat] = { kind, from };
  }
  return out;
}
