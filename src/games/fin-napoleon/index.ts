/**
 * Fin-Napoleon 2.x simplified (「Fin-ナポレオン」2.x簡略版) on the engine core: France against the five Allied nations,
 * for two players or for France and 2-5 Allied players dividing the nations (FN 12.0[M]).
 */
import { defineGame } from '../../engine/define-game.ts';
import type { GamePackage } from '../../engine/game-package.ts';
import { checkData } from './data/check-data.ts';
import { fnNames } from './data/names.ts';
import { defaultData } from './data/default-data.ts';
import { type FnData, fnDataSchema } from './data/schema.ts';
import { type FnOptions, fnOptionsSchema, optionDocs } from './options.ts';
import { choices } from './orders/choices.ts';
import { defaultOrders } from './orders/defaults.ts';
import { playoutOrders } from './orders/playout-orders.ts';
import { randomOrders } from './orders/random-orders.ts';
import { type FnOrders, fnOrdersSchema } from './orders/schema.ts';
import { fnTextGrammar } from './orders/text.ts';
import { validate } from './orders/validate.ts';
import { positionFromFixture } from './rules/fixture.ts';
import { resolve } from './rules/flow.ts';
import { invariants } from './rules/invariants.ts';
import { outcome } from './rules/outcome.ts';
import { owed } from './rules/owed.ts';
import { setup } from './rules/setup.ts';
import { ALLIES_SEAT, FRANCE_SEAT, type FnState, MODES, seatsOf } from './state.ts';
import { board } from './view/board.ts';
import { describeEvent } from './view/describe.ts';
import { hiddenTwin } from './view/hidden-twin.ts';
import { sampleHidden } from './view/sample-hidden.ts';
import { botEstimate } from './rules/estimate.ts';
import { view } from './view/view.ts';

/** The Fin-Napoleon package: the core, then the capabilities it has (src/engine/define-game.ts). */
export const finNapoleon: GamePackage<FnState, FnOrders, FnOptions, FnData> = defineGame({
  id: 'fin-napoleon',
  title: { en: 'Fin-Napoleon 2.x (simplified)', ja: 'Fin-ナポレオン2.x簡略版' },
  rulesVersion: '1',
  modes: MODES,
  sides: seatsOf,
  optionsSchema: fnOptionsSchema,
  ordersSchema: fnOrdersSchema,
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
  data: { schema: fnDataSchema, defaults: defaultData, check: (data) => checkData(data), names: fnNames },
  invariants,
  visibility: { hiddenTwin, sampleHidden },
  grammar: fnTextGrammar,
  play: {
    botEstimate,
    botHorizon: 8, // steps, about a turn: play-outs then scored by botEstimate
    botIterations: 2000, // about 0.2 s of CPU a decision on one core with the play-out heuristic (pbem match)
    randomOrders,
    playoutOrders,
    // FN-A05: a short game of one turn for the end-to-end checks, France and three Allied players (4 seats).
    shortGame: { mode: 'allies-3', options: { turnLimit: 1 } },
    fixtures: { position: positionFromFixture },
  },
  odds: {
    // Called for every event of every sample of a preview: a plain loop over the removals, no entries array.
    outcomes(event, count) {
      const type = event.type;
      if (type === 'french-attack') {
        const removed = event.removed as Record<string, number>;
        for (const n in removed) if (removed[n] > 0) count('removed', n);
      } else if (type === 'allied-attack') {
        if (Number(event.removed) > 0) count('removed', 'france');
      } else if (type === 'surrender') count('surrender', String(event.nation));
      else if (type === 'declare' && event.success) count('war', String(event.target));
    },
  },
});

export { ALLIES_SEAT, FRANCE_SEAT };
export type { FnOrders } from './orders/schema.ts';
export type { FnState } from './state.ts';
