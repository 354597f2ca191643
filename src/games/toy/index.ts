/**
 * The toy game as a package: the worked example of adding a game (docs/adding-a-game.md). Everything the service,
 * mail, web and CLI need from a game is here; `src/games/index.ts` lists it, and nothing else names it.
 */
import { defineGame } from '../../engine/define-game.ts';
import type { GamePackage } from '../../engine/game-package.ts';
import { toyDataSchema, toyDefaultData, type ToyData } from './data/schema.ts';
import { toyOptionDocs, toyOptionsSchema, type ToyOptions } from './options.ts';
import { choices } from './orders/choices.ts';
import { randomToyOrders } from './orders/random-orders.ts';
import { toyOrdersSchema, type ToyOrders } from './orders/schema.ts';
import { toyTextGrammar } from './orders/text.ts';
import { validate } from './orders/validate.ts';
import { positionFromFixture } from './rules/fixture.ts';
import { invariants } from './rules/invariants.ts';
import { outcome } from './rules/outcome.ts';
import { owed } from './rules/owed.ts';
import { resolve } from './rules/resolve.ts';
import type { ToyState } from './state.ts';
import { toyBoard } from './view/board.ts';
import { describeEvent } from './view/describe.ts';
import { hiddenTwin } from './view/hidden-twin.ts';
import { sampleHidden } from './view/sample-hidden.ts';
import { view } from './view/view.ts';

/** The toy game package: the core, then the capabilities it has (src/engine/define-game.ts). */
export const toyGame: GamePackage<ToyState, ToyOrders, ToyOptions, ToyData> = defineGame({
  id: 'toy',
  title: { en: 'Toy dice game', ja: 'トイ・ダイスゲーム' },
  rulesVersion: '1',
  modes: ['mail', 'standard'],
  sides: () => [
    { seat: 'a', name: { en: 'A', ja: 'A' } },
    { seat: 'b', name: { en: 'B', ja: 'B' } },
  ],
  optionsSchema: toyOptionsSchema,
  ordersSchema: toyOrdersSchema,
  setup: ({ options }) => ({ step: 0, rounds: options.rounds, score: { a: 0, b: 0 }, notes: {} }),
  owed,
  choices,
  validate,
  defaultOrders: () => ({ pick: 1 }),
  resolve,
  outcome,
  view,
  board: toyBoard,
  describeEvent,

  optionDocs: toyOptionDocs,
  data: { schema: toyDataSchema, defaults: toyDefaultData },
  invariants,
  visibility: { hiddenTwin, sampleHidden },
  grammar: toyTextGrammar,
  play: {
    randomOrders: randomToyOrders,
    // TOY 1: two steps, three picks in all.
    shortGame: { mode: 'mail', options: { rounds: 2 } },
    fixtures: { position: positionFromFixture },
  },
  odds: {
    outcomes(event, count) {
      // A secret die that matched the pick is the toy's one outcome worth a preview: who scores this round.
      const scored = event.type === 'secret' && Number(event.points) > 0;
      if (scored && typeof event.seat === 'string') count('scores', event.seat);
    },
  },
});

export type { ToyOrders } from './orders/schema.ts';
export type { ToyState } from './state.ts';
