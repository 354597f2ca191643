/**
 * A short complete game for the end-to-end checks (the package's `shortGame`, docs/contract.md): the standard rules
 * on the shipped data set with every convoy worth 0 VP. The German then scores nothing, the VP Table stands at
 * 3 + 0 − 6 < 0 after the first VP check, and the Allies win at the end of turn 1 whatever the dice (AW 9.0[4],
 * 9.0[8]): one whole turn, with every decision point of a standard turn.
 */
import type { ShortGame } from '../../../engine/game-package.ts';
import { defaultData } from './default-data.ts';
import type { AwData } from './schema.ts';

/** The shipped data set with convoys worth nothing. */
export const oneTurnData: AwData = {
  ...defaultData,
  id: `${defaultData.id}-one-turn`,
  title: {
    en: `${defaultData.title.en} (convoys worth 0 VP: one turn)`,
    ja: `${defaultData.title.ja}（輸送船団のVPは0: 1ターンで終了）`,
  },
  units: defaultData.units.map((u) => (u.type === 'convoy' ? { ...u, vp: 0 } : u)),
};

/** One turn of the standard game. */
export const shortGame: ShortGame = { mode: 'standard', data: oneTurnData };
