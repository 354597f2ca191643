/**
 * Fin-Napoleon 2.x simplified (「Fin-ナポレオン」2.x簡略版) on the engine core: France against the five Allied nations,
 * for two players or for France and 2-5 Allied players dividing the nations (FN 12.0[M]).
 */
import type { GamePackage } from '../../engine/game-package.ts';
import type { Outcome } from '../../engine/types.ts';
import { filterEvents } from '../../engine/visibility.ts';
import { board } from './board.ts';
import { choices } from './choices.ts';
import { checkData, defaultData, type FnData, fnDataSchema } from './data.ts';
import { defaultOrders } from './defaults.ts';
import { describeEvent } from './describe.ts';
import { positionFromFixture } from './fixture.ts';
import { resolve } from './flow.ts';
import { invariants } from './invariants.ts';
import { type FnOptions, fnOptionsSchema, optionDocs } from './options.ts';
import { owed } from './owed.ts';
import { randomOrders } from './random-orders.ts';
import { setup } from './setup.ts';
import { ALLIES_SEAT, FRANCE_SEAT, type FnOrders, fnOrdersSchema, type FnState, MODES, seatsOf } from './state.ts';
import { fnTextGrammar } from './text.ts';
import { validate } from './validate.ts';
import { hiddenTwin, view } from './view.ts';

/** The final result, or null while the game goes on. */
export function outcome(s: FnState): Outcome | null {
  const r = s.result;
  if (!r) return null;
  const allied = seatsOf(s.mode)
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

/** The Fin-Napoleon package. */
export const finNapoleon: GamePackage<FnState, FnOrders, FnOptions, FnData> = {
  id: 'fin-napoleon',
  title: { en: 'Fin-Napoleon 2.x (simplified)', ja: 'Fin-ナポレオン2.x簡略版' },
  modes: MODES,
  sides: seatsOf,
  optionsSchema: fnOptionsSchema,
  optionDocs,
  dataSchema: fnDataSchema,
  defaultData,
  checkData: (data) => checkData(data),
  ordersSchema: fnOrdersSchema,
  setup,
  owed,
  view,
  board,
  visibleEvents: filterEvents,
  choices,
  validate,
  defaultOrders,
  resolve,
  outcome,
  describeEvent,
  invariants,
  grammar: fnTextGrammar,
  randomOrders,
  // Called for every event of every sample of a preview: a plain loop over the removals, no entries array.
  oddsOutcomes(event, count) {
    const type = event.type;
    if (type === 'french-attack') {
      const removed = event.removed as Record<string, number>;
      for (const n in removed) if (removed[n] > 0) count('removed', n);
    } else if (type === 'allied-attack') {
      if (Number(event.removed) > 0) count('removed', 'france');
    } else if (type === 'surrender') count('surrender', String(event.nation));
    else if (type === 'declare' && event.success) count('war', String(event.target));
  },
  fixtures: { position: positionFromFixture },
  hiddenTwin,
  // FN-A05: a short game of one turn for the end-to-end checks, France and three Allied players (4 seats).
  shortGame: { mode: 'allies-3', options: { turnLimit: 1 } },
};

export { ALLIES_SEAT, FRANCE_SEAT };
export type { FnOrders, FnState } from './state.ts';
