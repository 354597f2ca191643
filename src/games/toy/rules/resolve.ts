/** TOY 2, 3: one step resolved. Pure: every die through `ctx.roll`. */
import type { GameEvent, ResolveContext, SeatId } from '../../../engine/types.ts';
import type { ToyOrders } from '../orders/schema.ts';
import type { ToyState } from '../state.ts';

/** TOY 2, 3: notes kept, a secret die per pick, a public die for the round. */
export function resolve(state: ToyState, orders: Readonly<Record<SeatId, ToyOrders>>, ctx: ResolveContext): ToyState {
  const next: ToyState = { ...state, step: state.step + 1, score: { ...state.score }, notes: { ...state.notes } };
  for (const seat of Object.keys(orders).sort()) {
    const o = orders[seat];
    if (o.standing) next.notes[seat] = o.standing.note;
    if (o.pick === undefined) continue;
    const hidden = ctx.roll(6, `hidden ${seat}`, [seat]);
    const points = o.pick === hidden ? 3 : 0;
    ctx.emit({ type: 'secret', seat, hidden, pick: o.pick, points, visibleTo: [seat], rule: 'TOY 3' } as GameEvent);
    next.score[seat] += points;
  }
  const shared = ctx.roll(6, 'public');
  ctx.emit({ type: 'round', step: state.step, shared, rule: 'TOY 3' });
  return next;
}
