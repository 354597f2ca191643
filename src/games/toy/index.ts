/**
 * The toy game as a package: the worked example of adding a game (docs/adding-a-game.md). Everything the service,
 * mail, web and CLI need from a game is here; `src/games/index.ts` lists it, and nothing else names it.
 */
import { defineGame } from '../../engine/define-game.ts';
import type { GamePackage } from '../../engine/game-package.ts';
import { toyBoard } from './board.ts';
import { describeEvent } from './describe.ts';
import { randomToyOrders } from './random-orders.ts';
import {
  choices,
  hiddenTwin,
  invariants,
  outcome,
  owed,
  positionFromFixture,
  resolve,
  toyDataSchema,
  toyOptionsSchema,
  toyOrdersSchema,
  validate,
  view,
  type ToyData,
  type ToyOptions,
  type ToyOrders,
  type ToyState,
} from './rules.ts';
import { toyTextGrammar } from './text.ts';

/** The toy game package: the core, then the capabilities it has (src/engine/define-game.ts). */
export const toyGame: GamePackage<ToyState, ToyOrders, ToyOptions, ToyData> = defineGame({
  id: 'toy',
  title: { en: 'Toy dice game', ja: 'トイ・ダイスゲーム' },
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

  optionDocs: [
    {
      key: 'rounds',
      rule: 'TOY 1',
      description: { en: 'steps in a game', ja: 'ゲームのステップ数' },
      values: [1, 2, 3, 4],
      default: 4,
    },
  ],
  data: { schema: toyDataSchema, defaults: { name: 'toy' } },
  invariants,
  visibility: { hiddenTwin },
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

export type { ToyOrders, ToyState } from './rules.ts';
