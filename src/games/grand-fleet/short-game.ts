/**
 * A short complete game for the end-to-end checks: the shipped data set with a one-turn track, so the game ends
 * at the end of turn 1 (GF 10[1a]) after its armament and initiative phases and any decisive battle.
 */
import type { ShortGame } from '../../engine/game-package.ts';
import { defaultData } from './data/default-data.ts';
import type { GfData } from './data/schema.ts';

/** The shipped set with one turn. */
export const oneTurnData: GfData = {
  ...defaultData,
  id: `${defaultData.id}-one-turn`,
  title: { en: `${defaultData.title.en} (one turn)`, ja: `${defaultData.title.ja}（1ターン）` },
  turns: defaultData.turns.slice(0, 1),
};

export const shortGame: ShortGame = { mode: 'standard', data: oneTurnData };
