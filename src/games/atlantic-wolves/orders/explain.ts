/**
 * Why a number in a validation error is what it is: an area's capacity this turn (AW 6.0-C1, 7.0[3], 10.0-E2,
 * AW-A19) and an escort's modified strength (AW 8.2[6], 10.0-C, D, E1), as the arithmetic in English and Japanese
 * and every rule it rests on, so that an error can say "capacity 3 = printed 4 − 1 on turn 3" and cite each rule.
 */
import type { AwUnit } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import { eBonus, escortStrength, ubCapacity } from '../rules/arithmetic.ts';
import type { AwState } from '../state.ts';

/** A number with its arithmetic (en, ja) and the rules behind it (the base rule first). */
export interface Because {
  value: number;
  en: string;
  ja: string;
  rules: string[];
}

/** The E2 cut of UB capacity on a turn (AW 10.0-E2): 1 on turns 3-4, 2 on turn 5. */
const e2Cut = (turn: number): number => (turn >= 5 ? 2 : turn >= 3 ? 1 : 0);

/** An area's capacity for a side this turn (area position in `areaIds` order), with its arithmetic. */
export function capacityBecause(s: AwState, ap: number, side: 'allied' | 'german'): Because {
  const printed = indexOf(s.data).capacity[ap];
  if (side === 'allied') {
    // AW 6.0-C1; AW 10.0-E2 cuts UB capacity only ("the Allied number is not reduced").
    return {
      value: printed,
      en: `its capacity is ${printed} (the printed 配置数)`,
      ja: `配置数は${printed}（印刷された配置数）`,
      rules: ['AW 6.0-C1'],
    };
  }
  const cut = e2Cut(s.turn);
  const value = ubCapacity(printed, s.turn);
  if (cut === 0) {
    return {
      value,
      en: `its UB capacity is ${value} (the printed 配置数 on turn ${s.turn})`,
      ja: `第${s.turn}ターンのUB配置数は${value}（印刷された配置数）`,
      rules: ['AW 7.0[3]'],
    };
  }
  const turns = cut === 1 ? 'turns 3-4' : 'turn 5';
  const turnsJa = cut === 1 ? '第3・4ターン' : '第5ターン';
  const floored = printed - cut < 0;
  return {
    value,
    en:
      `its UB capacity on turn ${s.turn} is ${value} = printed 配置数 ${printed} − ${cut} on ${turns} (AW 10.0-E2)` +
      (floored ? ', floored at 0 (AW-A19)' : ''),
    ja:
      `第${s.turn}ターンのUB配置数は${value} = 印刷された配置数${printed} − ${cut}（AW 10.0-E2: ${turnsJa}は−${cut}）` +
      (floored ? '、0未満は0（AW-A19）' : ''),
    rules: ['AW 7.0[3]', 'AW 10.0-E2', ...(floored ? ['AW-A19'] : [])],
  };
}

/** An air unit's or escort ship's modified strength in an area (AW 8.2[6]: every modifier that applies). */
export function strengthBecause(s: AwState, u: AwUnit, areaHasConvoy: boolean): Because {
  const terms: { n: number; en: string; ja: string; rule: string }[] = [];
  if (s.turn === 1 && u.nationality === 'US' && (u.type === 'DD' || u.type === 'CVE')) {
    terms.push({ n: -1, en: 'US escort ship on turn 1', ja: '第1ターンの米護衛艦', rule: 'AW 10.0-C' });
  }
  if (!areaHasConvoy) terms.push({ n: 1, en: 'no convoy in the area', ja: 'エリアに船団なし', rule: 'AW 10.0-D' });
  const bonus = eBonus(s.turn);
  if (bonus)
    terms.push({
      n: bonus,
      en: `Allied bonus on turn ${s.turn}`,
      ja: `第${s.turn}ターンの連合軍ボーナス`,
      rule: 'AW 10.0-E1',
    });
  const value = escortStrength(u, s.turn, areaHasConvoy);
  const sign = (n: number) => (n < 0 ? `− ${-n}` : `+ ${n}`);
  const en = terms.map((t) => ` ${sign(t.n)} (${t.en}, ${t.rule})`).join('');
  const ja = terms.map((t) => ` ${sign(t.n)}（${t.ja}、${t.rule}）`).join('');
  return {
    value,
    en: `strength ${value} = printed ${u.strength}${en}`,
    ja: `戦力${value} = 印刷された戦力${u.strength}${ja}`,
    rules: ['AW 8.2[6]', ...terms.map((t) => t.rule)],
  };
}
