/** Who owes orders at the current decision point (spec 5.1: D1-D8). */
import type { Owed } from '../../../engine/types.ts';
import { replacementChoices } from './reorganise.ts';
import { enemyOf, type OcSide, type OcState } from '../state.ts';

/** The prompt of each decision point. */
export const PROMPTS = {
  'OC-D1': {
    rule: 'OC 4.2',
    en: 'place the British units not in Tobruk',
    ja: 'トブルク以外のイギリス軍ユニットを配置する',
  },
  'OC-D2': {
    rule: 'OC 5.2',
    en: 'choose which unit in each town takes the replacement',
    ja: '各町で補充を受けるユニットを選ぶ',
  },
  'OC-D3': {
    rule: 'OC 6.3(8)③',
    en: 'choose the off-map point of each returning unit',
    ja: '復帰ユニットのマップ外ポイントを選ぶ',
  },
  'OC-D4': {
    rule: 'OC 3.1②',
    en: 'activate a group (units, path, attack) or pass',
    ja: 'グループを活性化する(ユニット・経路・攻撃)かパスする',
  },
  'OC-D7': { rule: 'OC 6.3(2)[3]', en: 'choose the targets of your attacking units', ja: '攻撃ユニットの目標を選ぶ' },
  'OC-D8': {
    rule: 'OC 6.3(2)',
    en: 'choose the counterattack targets of your defending units',
    ja: '防御ユニットの反撃目標を選ぶ',
  },
} as const;

export type OcPoint = keyof typeof PROMPTS;

const owe = (seat: string, point: OcPoint): Owed => {
  const p = PROMPTS[point];
  return { seat, point, rule: p.rule, prompt: { en: p.en, ja: p.ja } };
};

/** The seats of `owed` without their points and prompts (the package's `seatsOwing`, for the computer player). */
export function seatsOwing(s: OcState): string[] {
  const phase = s.phase;
  switch (phase.kind) {
    case 'setup':
      return ['british'];
    case 'reorganise':
      return [...phase.owing];
    case 'activate':
      return [s.active];
    case 'counterattack':
      return [enemyOf(phase.combat.attacker)];
    case 'targets':
      return [phase.combat.attacker];
    case 'over':
      return [];
  }
}

/** The seats that owe orders now, with their decision point. */
export function owed(s: OcState): Owed[] {
  return seatsOwing(s).map((seat) => owe(seat, pointOf(s, seat)!));
}

/** The decision point a seat owes orders at now, or undefined when it owes none (its entry of `owed`). */
export function pointOf(s: OcState, seat: string): OcPoint | undefined {
  const phase = s.phase;
  switch (phase.kind) {
    case 'setup':
      return seat === 'british' ? 'OC-D1' : undefined;
    case 'reorganise':
      if (!phase.owing.includes(seat as OcSide)) return undefined;
      // D2 when the British have a replacement to choose, else D3 (a return point); D2 orders may name returns too.
      return seat === 'british' && replacementChoices(s).some((t) => t.units.length > 1) ? 'OC-D2' : 'OC-D3';
    case 'activate':
      return seat === s.active ? 'OC-D4' : undefined;
    case 'counterattack':
      return seat === enemyOf(phase.combat.attacker) ? 'OC-D8' : undefined;
    case 'targets':
      return seat === phase.combat.attacker ? 'OC-D7' : undefined;
    case 'over':
      return undefined;
  }
}
