/**
 * Grand Fleet 1.2 (グランドフリート1.2) on the engine core: the British Grand Fleet against the High Seas Fleet,
 * 9 half-year turns. The server keeps the secrets: sealed dice choices (GF 7(b)[2]) and fire allocations
 * (GF-A19 R1), and which fleet is under each face-down marker, from both players until the reveal (GF 8[2][1]).
 */
import { defineGame } from '../../engine/define-game.ts';
import type { GamePackage } from '../../engine/game-package.ts';
import { checkData } from './data/check-data.ts';
import { gfNames } from './data/names.ts';
import { defaultData } from './data/default-data.ts';
import { type GfData, gfDataSchema } from './data/schema.ts';
import { shortGame } from './data/short-game.ts';
import { type GfOptions, gfOptionsSchema, optionDocs } from './options.ts';
import { botCandidate } from './orders/bot-candidate.ts';
import { choices } from './orders/choices.ts';
import { defaultOrders } from './orders/defaults.ts';
import { playoutOrders } from './orders/playout-orders.ts';
import { randomOrders } from './orders/random-orders.ts';
import { type GfOrders, gfOrdersSchema } from './orders/schema.ts';
import { gfTextGrammar } from './orders/text.ts';
import { validate } from './orders/validate.ts';
import { type GfFixtureSetup, stateFromFixture } from './rules/fixture.ts';
import { resolve } from './rules/flow.ts';
import { invariants } from './rules/invariants.ts';
import { oddsOutcomes } from './rules/odds.ts';
import { outcome } from './rules/outcome.ts';
import { owed, seatsOwing } from './rules/owed.ts';
import { setup } from './rules/setup.ts';
import type { GfState } from './state.ts';
import { board } from './view/board.ts';
import { describeEvent } from './view/describe.ts';
import { hiddenTwin } from './view/hidden-twin.ts';
import { sampleHidden } from './view/sample-hidden.ts';
import { botEstimate } from './rules/estimate.ts';
import { view } from './view/view.ts';

/** The Grand Fleet package: the core, then the capabilities it has (src/engine/define-game.ts). */
export const grandFleet: GamePackage<GfState, GfOrders, GfOptions, GfData> = defineGame({
  id: 'grand-fleet',
  title: { en: 'Grand Fleet 1.2', ja: 'グランドフリート1.2' },
  rulesVersion: '1',
  modes: ['standard'],
  sides: () => [
    { seat: 'british', name: { en: 'Britain (Grand Fleet)', ja: 'イギリス（大艦隊）' } },
    { seat: 'german', name: { en: 'Germany (High Seas Fleet)', ja: 'ドイツ（大海艦隊）' } },
  ],
  optionsSchema: gfOptionsSchema,
  ordersSchema: gfOrdersSchema,
  setup,
  owed,
  choices,
  validate,
  defaultOrders,
  resolve,
  outcome,
  view,
  board,
  describeEvent,

  optionDocs,
  data: { schema: gfDataSchema, defaults: defaultData, check: checkData, names: gfNames },
  invariants,
  // Events are filtered by their `visibleTo` (the shuffle dice are seen by nobody but the moderator), and standing
  // orders are secret from the other seat until the game is over (spec 5.2): both the generic defaults.
  visibility: { hiddenTwin, sampleHidden },
  grammar: gfTextGrammar,
  play: {
    seatsOwing,
    botHorizon: 18, // steps, about a turn: play-outs then scored by botEstimate
    // The heuristic accepts nearly every battle and fights it sensibly; the other seat plays random legal orders in
    // the play-out decisions where it does not play its default orders, so that the search also weighs what a
    // careless opponent gives away (a refused battle, GF 7(b)[6a], two initiative dice of one parity, 7(b)[2a]).
    // Against random, seeds strength, s5, s6 and s8 (220 games): British 105 and German 107 of 110 won with 0.7,
    // 103 and 103 with 0.5; fresh seeds s10 to s17 (320 games): British 151 and German 157 of 160 with 0.7, 145
    // and 155 with 0.5; seeds s4 and s5 (60 games): 56 won with 0.5, 48 with 0.
    botRandomShare: 0.7,
    // With the play-out heuristic: 90-160 ms a decision on one core. 4,500 or 12,000 play-outs, or a horizon of 36,
    // did not win measurably more.
    botIterations: 3000,
    botEstimate,
    botCandidate,
    randomOrders,
    playoutOrders,
    shortGame,
    fixtures: { position: (spec, data) => stateFromFixture(spec as GfFixtureSetup, data as GfData | undefined) },
  },
  odds: { outcomes: oddsOutcomes },
  // GF 8[2], 8[3]: one marker or one interception at a time; only the seat to move is mailed, the other a digest.
  notify: (_prev, next) =>
    next.phase.kind === 'place' || next.phase.kind === 'intercept'
      ? { results: 'owing', digest: true }
      : { results: 'all' },
});

export type { GfOptions } from './options.ts';
export type { GfOrders } from './orders/schema.ts';
export type { GfState } from './state.ts';
