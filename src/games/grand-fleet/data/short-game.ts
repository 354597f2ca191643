/**
 * A short complete game for the end-to-end checks: the shipped data set with a one-turn track, so the game ends at
 * the end of turn 1 (GF 10[1a]), and two fleet markers a side (Germany's fleets up to 15 ships so that all its ships
 * still fit, GF 8[1][6]; the British surplus goes to the DDbox, GF 8[1][7]), so that a decisive battle, when there is
 * one, takes a few messages: every decision point of a turn, short.
 */
import type { ShortGame } from '../../../engine/game-package.ts';
import { defaultData } from './default-data.ts';
import type { GfData } from './schema.ts';

/** The shipped set with one turn and two fleet markers a side. */
export const oneTurnData: GfData = {
  ...defaultData,
  id: `${defaultData.id}-one-turn`,
  title: {
    en: `${defaultData.title.en} (one turn, two fleets a side)`,
    ja: `${defaultData.title.ja}（1ターン、各軍2個艦隊）`,
  },
  turns: defaultData.turns.slice(0, 1),
  markers: { british: 2, german: 2 },
  fleetMax: { british: 8, german: 15 },
};

export const shortGame: ShortGame = { mode: 'standard', data: oneTurnData };
