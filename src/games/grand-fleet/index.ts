/**
 * Grand Fleet 1.2 (グランドフリート1.2) on the engine core: the British Grand Fleet against the High Seas Fleet,
 * 9 half-year turns. The server keeps the secrets: sealed dice choices (GF 7(b)[2]) and fire allocations
 * (GF-A19 R1), and which fleet is under each face-down marker, from both players until the reveal (GF 8[2][1]).
 */
import { ordersVisibleAtTheEnd } from '../../engine/contract-defaults.ts';
import type { GamePackage } from '../../engine/game-package.ts';
import type { Outcome } from '../../engine/types.ts';
import { board } from './board.ts';
import { choices } from './choices.ts';
import { defaultData } from './data/default-data.ts';
import { type GfData, gfDataSchema } from './data/schema.ts';
import { defaultOrders } from './defaults.ts';
import { describeEvent } from './describe.ts';
import { resolve } from './flow.ts';
import { hiddenTwin } from './hidden-twin.ts';
import { invariants } from './invariants.ts';
import { oddsOutcomes } from './odds.ts';
import { type GfOptions, gfOptionsSchema, optionDocs } from './options.ts';
import { type GfOrders, gfOrdersSchema } from './orders.ts';
import { owed } from './owed.ts';
import { randomOrders } from './random-orders.ts';
import { setup } from './setup.ts';
import type { GfState } from './state.ts';

import { checkData } from './check-data.ts';
import { view, visibleEvents } from './view.ts';
import { shortGame } from './short-game.ts';
import { type GfFixtureSetup, stateFromFixture } from './fixture.ts';
import { gfTextGrammar } from './text.ts';

/** GF 10, GF 11: the result, or null while the game goes on. */
export function outcome(s: GfState): Outcome | null {
  const r = s.result;
  if (!r) return null;
  const lead = `VP ${r.vp >= 0 ? `Britain +${r.vp}` : `Germany +${-r.vp}`}`;
  const leadJa = `VP ${r.vp >= 0 ? `イギリス +${r.vp}` : `ドイツ +${-r.vp}`}`;
  const who = r.draw ? 'Draw' : r.winner === 'british' ? 'British victory' : 'German victory';
  const whoJa = r.draw ? '引き分け' : r.winner === 'british' ? 'イギリスの勝利' : 'ドイツの勝利';
  const why = {
    turns: 'after turn',
    lead: 'a lead of 7 VP at the end of turn',
    maintenance: 'the North Sea maintenance number at the end of turn',
    both: 'both sides meeting victory conditions at the end of turn',
  }[r.why];
  const whyJa = {
    turns: 'ターン終了',
    lead: 'ターン終了時に7VP以上のリード',
    maintenance: 'ターン終了時の北海維持数',
    both: 'ターン終了時に両軍が勝利条件を満たした',
  }[r.why];
  return {
    winner: r.winner,
    ...(r.draw ? { draw: true, winners: [] } : {}),
    reason: { en: `${who}: ${why} ${r.turn}, ${lead}.`, ja: `${whoJa}: 第${r.turn}${whyJa}、${leadJa}。` },
    rule: r.rule,
    vp: r.vp,
    turn: r.turn,
  };
}

/** The Grand Fleet package. */
export const grandFleet: GamePackage<GfState, GfOrders, GfOptions, GfData> = {
  id: 'grand-fleet',
  title: { en: 'Grand Fleet 1.2', ja: 'グランドフリート1.2' },
  modes: ['standard'],
  sides: () => [
    { seat: 'british', name: { en: 'Britain (Grand Fleet)', ja: 'イギリス（大艦隊）' } },
    { seat: 'german', name: { en: 'Germany (High Seas Fleet)', ja: 'ドイツ（大海艦隊）' } },
  ],
  optionsSchema: gfOptionsSchema,
  optionDocs,
  dataSchema: gfDataSchema,
  defaultData,
  checkData,
  ordersSchema: gfOrdersSchema,
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
  // Standing orders are secret from the other seat (spec 5.2): orders are shown to others once the game is over.
  visibleOrders: ordersVisibleAtTheEnd,
  // GF 8[2], 8[3]: one marker or one interception at a time; only the seat to move is mailed, the other a digest.
  notify: (_prev, next) =>
    next.phase.kind === 'place' || next.phase.kind === 'intercept'
      ? { results: 'owing', digest: true }
      : { results: 'all' },

  grammar: gfTextGrammar,
  randomOrders,
  oddsOutcomes,
  fixtures: { position: (spec, data) => stateFromFixture(spec as GfFixtureSetup, data as GfData | undefined) },
  hiddenTwin,
  shortGame,
};

import { validate } from './validate.ts';
export type { GfState } from './state.ts';
