/**
 * Atlantic Wolves 1.1 (大西洋の狼 1.1) on the engine core: modes "mail" (AW 12.0: historical reinforcements, face-up
 * placement, response movement) and "standard" (the rules without 12.0, the engine keeping the hidden information).
 * `src/games/index.ts` lists it.
 */
import { defineGame } from '../../engine/define-game.ts';
import { checkData } from './data/check-data.ts';
import { awNames } from './data/names.ts';
import { defaultData } from './data/default-data.ts';
import { awDataSchema, type AwData } from './data/schema.ts';
import { shortGame } from './data/short-game.ts';
import { awOptionsSchema, optionDocs, type AwOptions } from './options.ts';
import { choices } from './orders/choices.ts';
import { defaultOrders } from './orders/defaults.ts';
import { playoutOrders } from './orders/playout-orders.ts';
import { randomLegalOrders } from './orders/random-orders.ts';
import { awOrdersSchema, type AwOrders } from './orders/schema.ts';
import { awTextGrammar } from './orders/text.ts';
import { validate } from './orders/validate.ts';
import { awDicePurpose } from './rules/dice-purposes.ts';
import { stateFromFixture, type FixtureSetup } from './rules/fixture.ts';
import { resolve } from './rules/flow.ts';
import { invariants } from './rules/invariants.ts';
import { oddsOutcomes } from './rules/odds.ts';
import { outcome } from './rules/outcome.ts';
import { owed, seatsOwing } from './rules/owed.ts';
import { setup } from './rules/setup.ts';
import { MODES, type AwState } from './state.ts';
import { board } from './view/board.ts';
import { describeEvent } from './view/describe.ts';
import { hiddenTwin } from './view/hidden-twin.ts';
import { sampleHidden } from './view/sample-hidden.ts';
import { botEstimate } from './rules/estimate.ts';
import { view, visibleEvents } from './view/view.ts';

/**
 * The Atlantic Wolves package: the core, then the capabilities it has (src/engine/define-game.ts). The type arguments
 * are spelled out because `checkData` takes a partial options object, from which the options type would be inferred.
 */
export const atlanticWolves = defineGame<AwState, AwOrders, AwOptions, AwData>({
  id: 'atlantic-wolves',
  title: { en: 'Atlantic Wolves 1.1', ja: '大西洋の狼1.1' },
  rulesVersion: '1',
  modes: MODES,
  sides: () => [
    { seat: 'allied', name: { en: 'Allies', ja: '連合軍' } },
    { seat: 'german', name: { en: 'Germany', ja: 'ドイツ軍' } },
  ],
  optionsSchema: awOptionsSchema,
  ordersSchema: awOrdersSchema,
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
  data: { schema: awDataSchema, defaults: defaultData, check: checkData, names: awNames },
  invariants,
  // Orders carry hidden information (standard mode: where the UBs are placed, the standing response table), so
  // another seat sees them only once the game is over: the generic `visibleOrders`.
  visibility: { visibleEvents, hiddenTwin, sampleHidden },
  grammar: awTextGrammar,
  play: {
    seatsOwing,
    // With the play-out heuristic: about 0.7 s of CPU a decision on one core; 3,000 won 18 of 20 Allied games
    // against random play, 6,000 all 20 (pbem match, seeds s1 and s2).
    botIterations: 6000,
    botEstimate,
    randomOrders: randomLegalOrders,
    playoutOrders,
    shortGame,
    fixtures: { position: (spec, data) => stateFromFixture(spec as FixtureSetup, data as AwData | undefined) },
  },
  odds: { outcomes: oddsOutcomes, dicePurpose: awDicePurpose },
});

export type { AwData } from './data/schema.ts';
export type { AwOptions } from './options.ts';
export type { AwOrders } from './orders/schema.ts';
export type { AwState } from './state.ts';
