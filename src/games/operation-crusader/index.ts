/**
 * Operation Crusader (60 series, Double Charge #2) as a package: alternating activations of groups moving through
 * desert areas and along roads between points, attack and counterattack, supply and steps (spec
 * shared/rules/operation-crusader.md; docs/operation-crusader.md for options, adaptations and reconstructed data).
 */
import { defineGame } from '../../engine/define-game.ts';
import type { GamePackage } from '../../engine/game-package.ts';
import { checkData } from './data/check-data.ts';
import { defaultData } from './data/default-data.ts';
import { ocNames } from './data/names.ts';
import { ocDataSchema, type OcData } from './data/schema.ts';
import { shortData } from './data/short-data.ts';
import { ocOptionDocs, ocOptionsSchema, type OcOptions } from './options.ts';
import { choices } from './orders/choices.ts';
import { defaultOrders } from './orders/defaults.ts';
import { playoutOrders } from './orders/playout-orders.ts';
import { randomOrders } from './orders/random-orders.ts';
import { ocOrdersSchema, type OcOrders } from './orders/schema.ts';
import { ocGrammar } from './orders/text.ts';
import { validate } from './orders/validate.ts';
import { positionFromFixture } from './rules/fixture.ts';
import { invariants } from './rules/invariants.ts';
import { outcome } from './rules/outcome.ts';
import { owed, seatsOwing } from './rules/owed.ts';
import { setupState } from './rules/setup.ts';
import { resolve } from './rules/turn.ts';
import type { OcState } from './state.ts';
import { board } from './view/board.ts';
import { describeEvent } from './view/describe.ts';
import { hiddenTwin } from './view/hidden-twin.ts';
import { sampleHidden } from './view/sample-hidden.ts';
import { botEstimate } from './rules/estimate.ts';
import { view } from './view/view.ts';

/** The Operation Crusader package: the core, then the capabilities it has (src/engine/define-game.ts). */
export const operationCrusader: GamePackage<OcState, OcOrders, OcOptions, OcData> = defineGame({
  id: 'operation-crusader',
  title: { en: 'Operation Crusader', ja: 'クルセイダー作戦' },
  rulesVersion: '1',
  modes: ['standard'],
  sides: () => [
    { seat: 'british', name: { en: 'British', ja: 'イギリス軍' } },
    { seat: 'axis', name: { en: 'Axis', ja: '枢軸軍' } },
  ],
  optionsSchema: ocOptionsSchema,
  ordersSchema: ocOrdersSchema,
  setup: ({ options, data }) => setupState(data, options),
  owed,
  choices,
  validate,
  defaultOrders,
  resolve,
  outcome,
  view,
  board,
  describeEvent,

  optionDocs: ocOptionDocs,
  data: { schema: ocDataSchema, defaults: defaultData, check: checkData, names: ocNames },
  invariants,
  visibility: { hiddenTwin, sampleHidden },
  grammar: ocGrammar,
  play: {
    seatsOwing,
    botHorizon: 16, // steps, about a turn: play-outs then scored by botEstimate (the VP of the turns left projected)
    botIterations: 800, // with the heuristic play-outs, about 0.8 s of CPU a decision (pbem match)
    botEstimate,
    randomOrders,
    playoutOrders,
    // OC 3.0[1]: one turn with six units is a short complete game.
    shortGame: { mode: 'standard', options: { lastTurn: 1 }, data: shortData },
    fixtures: { position: positionFromFixture },
  },
  odds: {
    outcomes(event, count) {
      // What a combat preview counts: hits and step losses per unit, routs and VP.
      if (event.type === 'loss' && Number(event.lost) > 0) count('loses-step', String(event.unit));
      if (event.type === 'rout' || event.type === 'removed' || event.type === 'eliminated')
        count('routed', String(event.unit));
      if (event.type === 'retreat') count('retreat', null);
    },
  },
});

export type { OcOptions } from './options.ts';
export type { OcOrders } from './orders/schema.ts';
export type { OcState } from './state.ts';
