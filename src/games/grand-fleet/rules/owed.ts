/** Who owes orders at the current decision point (spec 5.1, D1-D19), with the point's rule and prompt. */
import type { Owed, Text } from '../../../engine/types.ts';
import type { Side } from '../data/schema.ts';
import type { GfState, HexCombat } from '../state.ts';

/** Strict combat points (D15-D18) that a GF-AD1 hex may wait at. */
type HexPoint = 'D15' | 'D16' | 'D17' | 'D18';

/** Each decision point by its D-number: the rule it stands on and its prompt (English, Japanese). */
const TABLE: Record<string, [rule: string, en: string, ja: string]> = {
  D2: ['GF 6(2)', 'British reinforcement: a DDbox box for each arriving ship', 'イギリス増強: 到着艦ごとのDDboxの番号'],
  D3: ['GF 6(3)', 'German commitment: redistribute, then roll 0, 1 or 2 dice', 'ドイツ投入: 再配置ののちダイス0〜2個'],
  D4: [
    'GF 6(4)',
    'British commitment: redistribute, then roll 0, 1 or 2 dice',
    'イギリス投入: 再配置ののちダイス0〜2個',
  ],
  D5: [
    'GF 6(5)',
    'German withdrawal: roll or not, ships in order of choice',
    'ドイツ転出: 振るか否か、転出させる艦の優先順',
  ],
  D6: [
    'GF 6(6)',
    'British withdrawal: roll or not, ships in order of choice',
    'イギリス転出: 振るか否か、転出させる艦の優先順',
  ],
  D7: ['GF 7(a)[2]', 'Unrestricted submarine warfare: occur or decline', '無制限潜水艦戦: 発生させるか否か'],
  D8: ['GF 7(b)[2]', 'Initiative: roll 1 or 2 dice (sealed)', '主導権: ダイス1個か2個か（封印）'],
  D9: ['GF 7(b)[4]', 'Offensive side: declare a decisive battle or not', '攻勢側: 決戦を宣言するか'],
  D10: ['GF 7(b)[4]', 'Intercepting side: accept or refuse the battle', '迎撃側: 決戦を受けるか拒否するか'],
  D11: ['GF 8[1]', 'Fleet organisation: a fleet for every ship', '艦隊編成: 全艦を艦隊に編入'],
  D12: ['GF 8[2][1]', 'Fast fleets to shuffle face up', '表向きで混ぜる高速艦隊'],
  D13: ['GF 8[2][2]', 'Place one fleet marker', '艦隊マーカーを1個配置'],
  D14: ['GF 8[3]', 'Intercept from one hex, or pass', '1ヘクスから迎撃移動、またはパス'],
  D15: ['GF 8[4.2]', 'Combat initiative: half bombardment and excess manoeuvre', '戦闘主導権: 半砲撃と過剰運動数'],
  D16: ['GF 8[4.2][9]', 'Choose combat situations', '戦闘状況を選ぶ'],
  D17: ['GF 8[4.3][2]', 'Allocate bombardment points to enemy ships', '敵艦へ砲撃数を割り当てる'],
  D18: ['GF 8[4.4][2]', 'Continue the combat or not', '戦闘を継続するか'],
  AD1: [
    'GF-AD1, GF 8[4][2]',
    'Combat in every contested hex at once: answer for each hex (AT hex: ...)',
    '全戦闘ヘクス同時: ヘクスごとに答える（戦闘ヘクス 番号: ...）',
  ],
};

/** Each decision point: id (`GF-` and its D-number), rule, prompt. */
export const POINTS: Record<string, { point: string; rule: string; prompt: Text }> = Object.fromEntries(
  Object.entries(TABLE).map(([d, [rule, en, ja]]) => [d, { point: `GF-${d}`, rule, prompt: { en, ja } }]),
);

/** The state as one GF-AD1 hex's strict point sees it (read only): its round and the point it waits at. */
export const focusOn = (s: GfState, hc: HexCombat): GfState => ({
  ...s,
  phase: hc.phase,
  battle: { ...s.battle!, round: hc.round },
});

/** GF-AD1: the open hexes where a side owes an answer now, each with its strict point and the focused state. */
export function hexPoints(s: GfState, side: Side): { hex: string; point: HexPoint; state: GfState }[] {
  if (s.phase.kind !== 'combat-hexes') return [];
  return s.battle!.hexes!.flatMap((hc) => {
    if (hc.done) return [];
    const state = focusOn(s, hc);
    const point = pointOf(state, side) as HexPoint | null;
    return point ? [{ hex: hc.hex, point, state }] : [];
  });
}

/** The D-number of each one-seat decision point not of the armament phase, by the phase's kind. */
const POINT_OF_KIND: Record<string, string> = {
  'usw-choice': 'D7',
  declare: 'D9',
  accept: 'D10',
  organise: 'D11',
  place: 'D13',
  intercept: 'D14',
  'combat-init': 'D15',
  'combat-situations': 'D16',
  'combat-continue': 'D18',
};

/** The decision point a side owes now, by its D-number, or null. */
export function pointOf(s: GfState, side: Side): keyof typeof POINTS | null {
  const p = s.phase;
  switch (p.kind) {
    case 'arm-1':
      return p.sides.includes(side) ? (side === 'british' ? 'D2' : 'D3') : null;
    case 'arm-2':
    case 'arm-3':
    case 'arm-4':
      if (p.side !== side) return null;
      return p.kind === 'arm-2' ? 'D4' : p.kind === 'arm-3' ? 'D5' : 'D6';
    case 'initiative':
      return 'D8';
    case 'shuffle':
    case 'combat-fire':
      return p.sides.includes(side) ? (p.kind === 'shuffle' ? 'D12' : 'D17') : null;
    case 'over':
      return null;
    case 'combat-hexes':
      return hexPoints(s, side).length ? 'AD1' : null;
    default:
      return p.side === side ? POINT_OF_KIND[p.kind] : null;
  }
}

/** GF 4, spec 5.1: the seats that owe orders now; D8 and sealed D17 are simultaneous secret choices. */
export function owed(s: GfState): Owed[] {
  const out: Owed[] = [];
  for (const side of ['british', 'german'] as const) {
    const d = pointOf(s, side);
    if (!d) continue;
    const hexes = d === 'AD1' ? hexPoints(s, side) : null;
    const sealedFire = s.options.fireAllocation === 'sealed';
    const sealed = d === 'D8' || (sealedFire && (d === 'D17' || !!hexes?.some((h) => h.point === 'D17')));
    const prompt = hexes ? hexesPrompt(hexes) : POINTS[d].prompt;
    const entry: Owed = { seat: side, point: POINTS[d].point, rule: POINTS[d].rule, prompt };
    if (sealed) entry.sealed = true;
    out.push(entry);
  }
  return out;
}

/** The seats of `owed` without their prompts (the package's `seatsOwing`, for the computer player's play-outs). */
export function seatsOwing(s: GfState): Side[] {
  const out: Side[] = [];
  for (const side of ['british', 'german'] as const) if (pointOf(s, side)) out.push(side);
  return out;
}

/** GF-AD1: the prompt lists each hex with its point (`404: D15, 505: D17`). */
function hexesPrompt(hexes: { hex: string; point: HexPoint }[]): Text {
  const list = (l: 'en' | 'ja') => hexes.map((h) => `${h.hex}: ${POINTS[h.point].prompt[l]}`).join('; ');
  return {
    en: `Combat in every contested hex at once (GF-AD1): ${list('en')}`,
    ja: `全戦闘ヘクス同時（GF-AD1）: ${list('ja')}`,
  };
}
