/** Who won (FN 10.3, FN 12.0[M][8]): the result `victoryCheck` recorded, as the engine's outcome with both teams. */
import type { Outcome } from '../../../engine/types.ts';
import { FRANCE_SEAT, type FnState, seatsOf } from '../state.ts';

/** The final result, or null while the game goes on. */
export function outcome(s: FnState): Outcome | null {
  const r = s.result;
  if (!r) return null;
  const allied = seatsOf(s.mode, s.options)
    .filter((x) => x.seat !== FRANCE_SEAT)
    .map((x) => x.seat);
  const teams = [
    { id: 'france', name: { en: 'France', ja: 'フランス' }, seats: [FRANCE_SEAT] },
    { id: 'allies', name: { en: 'Allies', ja: '連合国' }, seats: allied },
  ];
  const winner = r.winners.length === 1 ? r.winners[0] : null;
  return {
    winner,
    winners: r.winners,
    ...(r.side === 'draw' ? { draw: true } : {}),
    teams,
    reason: r.reason,
    rule: r.rule,
    turn: r.turn,
    ...(r.vp ? { vp: r.vp } : {}),
  };
}
