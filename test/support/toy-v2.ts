/**
 * Version "2" of the toy game's rules, for the rules-version tests: a pick that misses its secret die scores 1
 * (version "1": nothing), cited as TOY 3 (v2). Everything else is the shipped toy package (version "1").
 */
import type { GameEvent, ResolveContext, SeatId } from '../../src/engine/types.ts';
import type { GamePackage } from '../../src/engine/game-package.ts';
import { toyGame, type ToyOrders, type ToyState } from '../../src/games/toy/index.ts';

/** TOY 3 as version "2" has it: a match scores 3, a miss 1. */
function resolveV2(state: ToyState, orders: Readonly<Record<SeatId, ToyOrders>>, ctx: ResolveContext): ToyState {
  const next: ToyState = { ...state, step: state.step + 1, score: { ...state.score }, notes: { ...state.notes } };
  for (const seat of Object.keys(orders).sort()) {
    const o = orders[seat];
    if (o.standing) next.notes[seat] = o.standing.note;
    if (o.pick === undefined) continue;
    const hidden = ctx.roll(6, `hidden ${seat}`, [seat]);
    const points = o.pick === hidden ? 3 : 1;
    const secret = { type: 'secret', seat, hidden, pick: o.pick, points, visibleTo: [seat], rule: 'TOY 3 (v2)' };
    ctx.emit(secret as GameEvent);
    next.score[seat] += points;
  }
  const shared = ctx.roll(6, 'public');
  ctx.emit({ type: 'round', step: state.step, shared, rule: 'TOY 3' });
  return next;
}

/** Version 2's words for a miss that scores (the rest as version 1 says it). */
function describeV2(event: GameEvent, locale: 'en' | 'ja'): string {
  if (event.type !== 'secret' || event.pick === event.hidden) return toyGame.describeEvent(event, locale);
  const seat = String(event.seat).toUpperCase();
  return locale === 'ja'
    ? `${seat} は ${event.pick} を選び、秘密のダイスは ${event.hidden}: 不一致、${event.points}点 (${event.rule})。`
    : `${seat} picked ${event.pick}; the secret die shows ${event.hidden}: no match, ${event.points} point (${event.rule}).`;
}

/** The toy game at rules version "2", which cannot reproduce version "1". */
export const toyV2: GamePackage<ToyState, ToyOrders> = {
  ...toyGame,
  rulesVersion: '2',
  resolve: resolveV2,
  describeEvent: describeV2,
};

/** The toy game at rules version "2" that keeps version "1"'s rules in the code. */
export const toyV2Keeping1: GamePackage<ToyState, ToyOrders> = { ...toyV2, olderRules: { '1': toyGame } };
