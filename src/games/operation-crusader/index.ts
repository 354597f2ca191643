/**
 * Operation Crusader (60 series, Double Charge #2) as a package: alternating activations of groups moving through
 * desert areas and along roads between points, attack and counterattack, supply and steps (spec
 * shared/rules/operation-crusader.md; docs/operation-crusader.md for options, adaptations and reconstructed data).
 */
import type { GamePackage } from '../../engine/game-package.ts';
import { filterEvents } from '../../engine/visibility.ts';
import { choices } from './choices.ts';
import { defaultData } from './data/default-data.ts';
import { shortData } from './data/short-data.ts';
import { ocDataSchema, type OcData } from './data/schema.ts';
import { checkData } from './data/check-data.ts';
import { defaultOrders } from './defaults.ts';
import { describeEvent } from './describe.ts';
import { positionFromFixture } from './fixture.ts';
import { ocGrammar } from './grammar.ts';
import { hiddenTwin, invariants } from './invariants.ts';
import { ocOptionDocs, ocOptionsSchema, type OcOptions } from './options.ts';
import { ocOrdersSchema, type OcOrders } from './orders.ts';
import { outcome, owed } from './owed.ts';
import { randomOrders } from './random-orders.ts';
import type { OcState } from './state.ts';
import { resolve, setupState } from './turn.ts';
import { board, view } from './view.ts';

/** The Operation Crusader package. */
export const operationCrusader: GamePackage<OcState, OcOrders, OcOptions, OcData> = {
  id: 'operation-crusader',
  title: { en: 'Operation Crusader', ja: 'クルセイダー作戦' },
  modes: ['standard'],
  sides: () => [
    { seat: 'british', name: { en: 'British', ja: 'イギリス軍' } },
    { seat: 'axis', name: { en: 'Axis', ja: '枢軸軍' } },
  ],
  optionsSchema: ocOptionsSchema,
  optionDocs: ocOptionDocs,
  dataSchema: ocDataSchema,
  defaultData,
  checkData,
  ordersSchema: ocOrdersSchema,
  setup: ({ options, data }) => setupState(data, options),
  owed,
  view,
  board,
  visibleEvents: filterEvents,
  choices,
  validate: (s, seat, o) => validateOrders(s, seat, o),
  defaultOrders,
  resolve,
  outcome,
  describeEvent,
  invariants,
  grammar: ocGrammar,
  randomOrders,
  oddsOutcomes(event, count) {
    // What a combat preview counts: hits and step losses per unit, routs and VP.
    if (event.type === 'loss' && Number(event.lost) > 0) count('loses-step', String(event.unit));
    if (event.type === 'rout' || event.type === 'removed' || event.type === 'eliminated')
      count('routed', String(event.unit));
    if (event.type === 'retreat') count('retreat', null);
  },
  fixtures: { position: positionFromFixture },
  hiddenTwin,
  // OC 3.0[1]: one turn with six units is a short complete game.
  shortGame: { mode: 'standard', options: { lastTurn: 1 }, data: shortData },
};

import { validate as validateOrders } from './validate.ts';
