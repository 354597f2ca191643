/**
 * Atlantic Wolves 1.1 (大西洋の狼 1.1) on the engine core: modes "mail" (AW 12.0: historical reinforcements, face-up
 * placement, response movement) and "standard" (the rules without 12.0, the engine keeping the hidden information).
 */
import type { GamePackage } from '../../engine/game-package.ts';
import type { Outcome, ResolveContext } from '../../engine/types.ts';
import { ordersVisibleAtTheEnd } from '../../engine/contract-defaults.ts';
import { board } from './board.ts';
import { checkData } from './data/check-data.ts';
import { defaultData } from './data/default-data.ts';
import { awDataSchema, type AwData } from './data/schema.ts';
import { choices } from './choices.ts';
import { defaultOrders } from './defaults.ts';
import { describeEvent } from './describe/index.ts';
import { awDicePurpose } from './dice-purposes.ts';
import { stateFromFixture, type FixtureSetup } from './fixture.ts';
import { absorbStanding, applyAnswer, runForward } from './flow.ts';
import { invariants } from './invariants.ts';
import { oddsOutcomes } from './odds.ts';
import { awOptionsSchema, optionDocs, type AwOptions } from './options.ts';
import { awOrdersSchema, type AwOrders } from './orders/schema.ts';
import { awTextGrammar } from './orders/text.ts';
import { owed } from './owed.ts';
import { randomLegalOrders } from './random-orders.ts';
import { setup } from './setup.ts';
import { hiddenTwin } from './hidden-twin.ts';
import { shortGame } from './short-game.ts';
import { cloneState, MODES, type AwState } from './state.ts';
import { validate } from './validate.ts';
import { view, visibleEvents } from './view.ts';

/**
 * Runs one step: stores standing orders of any seat, applies the owed seat's answer, then runs forward to the next
 * decision point no standing order answers, or the end. Orders are assumed valid (`validate`); input is not mutated.
 */
export function resolve(state: AwState, orders: Readonly<Record<string, AwOrders>>, ctx: ResolveContext): AwState {
  if (state.phase.kind === 'over') return state;
  const s = cloneState(state);
  absorbStanding(s, orders);
  applyAnswer(s, orders, ctx);
  runForward(s, ctx);
  return s;
}

/** The final result, or null while the game goes on. */
export function outcome(s: AwState): Outcome | null {
  if (!s.result) return null;
  const r = s.result;
  const en =
    r.winner === 'german'
      ? `German victory: the German VP Table stands at ${r.table} after turn ${r.turn}.`
      : `Allied victory: the German VP Table stands at ${r.table} after turn ${r.turn}.`;
  const ja =
    r.winner === 'german'
      ? `ドイツ軍の勝利: 第${r.turn}ターン終了時のドイツ軍VP表は${r.table}。`
      : `連合軍の勝利: 第${r.turn}ターン終了時のドイツ軍VP表は${r.table}。`;
  return { winner: r.winner, reason: { en, ja }, rule: r.rule, table: r.table, turn: r.turn };
}

/** The Atlantic Wolves package: the rules definition, its order grammar, random player, odds and fixtures. */
export const atlanticWolves: GamePackage<AwState, AwOrders, AwOptions, AwData> = {
  id: 'atlantic-wolves',
  title: { en: 'Atlantic Wolves 1.1', ja: '大西洋の狼1.1' },
  modes: MODES,
  sides: () => [
    { seat: 'allied', name: { en: 'Allies', ja: '連合軍' } },
    { seat: 'german', name: { en: 'Germany', ja: 'ドイツ軍' } },
  ],
  optionsSchema: awOptionsSchema,
  optionDocs,
  dataSchema: awDataSchema,
  defaultData,
  checkData,
  ordersSchema: awOrdersSchema,
  setup,
  owed,
  view,
  board,
  visibleEvents,
  choices,
  validate,
  defaultOrders,
  resolve,
  outcome,
  describeEvent,
  invariants,
  // Orders carry hidden information (standard mode: where the UBs are placed, the standing response table), so
  // another seat sees them only once the game is over.
  visibleOrders: ordersVisibleAtTheEnd,
  dicePurpose: awDicePurpose,
  grammar: awTextGrammar,
  randomOrders: randomLegalOrders,
  oddsOutcomes,
  fixtures: { position: (spec, data) => stateFromFixture(spec as FixtureSetup, data as AwData | undefined) },
  hiddenTwin,
  shortGame,
};

export { positionFromFixture } from './setup.ts';
export { randomLegalOrders } from './random-orders.ts';
export type { AwState } from './state.ts';
export type { AwOptions } from './options.ts';
export type { AwData } from './data/schema.ts';
