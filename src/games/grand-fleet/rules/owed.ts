/** Who owes orders at the current decision point (spec 5.1, D1-D19), with the point's rule and prompt. */
import type { Owed, Text } from '../../../engine/types.ts';
import type { Side } from '../data/schema.ts';
import type { GfState, HexCombat } from '../state.ts';

/** Strict combat points (D15-D18) that a GF-AD1 hex may wait at. */
type HexPoint = 'D15' | 'D16' | 'D17' | 'D18';

/** Each decision point: id, rule, prompt. */
export const POINTS: Record<string, { point: string; rule: string; prompt: Text }> = {
  D2: {
    point: 'GF-D2',
    rule: 'GF 6(2)',
    prompt: {
      en: 'British reinforcement: a DDbox box for each arriving ship',
      ja: 'イギリス増強: 到着艦ごとのDDboxの番号',
    },
  },
  D3: {
    point: 'GF-D3',
    rule: 'GF 6(3)',
    prompt: {
      en: 'German commitment: redistribute, then roll 0, 1 or 2 dice',
      ja: 'ドイツ投入: 再配置ののちダイス0〜2個',
    },
  },
  D4: {
    point: 'GF-D4',
    rule: 'GF 6(4)',
    prompt: {
      en: 'British commitment: redistribute, then roll 0, 1 or 2 dice',
      ja: 'イギリス投入: 再配置ののちダイス0〜2個',
    },
  },
  D5: {
    point: 'GF-D5',
    rule: 'GF 6(5)',
    prompt: {
      en: 'German withdrawal: roll or not, ships in order of choice',
      ja: 'ドイツ転出: 振るか否か、転出させる艦の優先順',
    },
  },
  D6: {
    point: 'GF-D6',
    rule: 'GF 6(6)',
    prompt: {
      en: 'British withdrawal: roll or not, ships in order of choice',
      ja: 'イギリス転出: 振るか否か、転出させる艦の優先順',
    },
  },
  D7: {
    point: 'GF-D7',
    rule: 'GF 7(a)[2]',
    prompt: { en: 'Unrestricted submarine warfare: occur or decline', ja: '無制限潜水艦戦: 発生させるか否か' },
  },
  D8: {
    point: 'GF-D8',
    rule: 'GF 7(b)[2]',
    prompt: { en: 'Initiative: roll 1 or 2 dice (sealed)', ja: '主導権: ダイス1個か2個か（封印）' },
  },
  D9: {
    point: 'GF-D9',
    rule: 'GF 7(b)[4]',
    prompt: { en: 'Offensive side: declare a decisive battle or not', ja: '攻勢側: 決戦を宣言するか' },
  },
  D10: {
    point: 'GF-D10',
    rule: 'GF 7(b)[4]',
    prompt: { en: 'Intercepting side: accept or refuse the battle', ja: '迎撃側: 決戦を受けるか拒否するか' },
  },
  D11: {
    point: 'GF-D11',
    rule: 'GF 8[1]',
    prompt: { en: 'Fleet organisation: a fleet for every ship', ja: '艦隊編成: 全艦を艦隊に編入' },
  },
  D12: {
    point: 'GF-D12',
    rule: 'GF 8[2][1]',
    prompt: { en: 'Fast fleets to shuffle face up', ja: '表向きで混ぜる高速艦隊' },
  },
  D13: { point: 'GF-D13', rule: 'GF 8[2][2]', prompt: { en: 'Place one fleet marker', ja: '艦隊マーカーを1個配置' } },
  D14: {
    point: 'GF-D14',
    rule: 'GF 8[3]',
    prompt: { en: 'Intercept from one hex, or pass', ja: '1ヘクスから迎撃移動、またはパス' },
  },
  D15: {
    point: 'GF-D15',
    rule: 'GF 8[4.2]',
    prompt: { en: 'Combat initiative: half bombardment and excess manoeuvre', ja: '戦闘主導権: 半砲撃と過剰運動数' },
  },
  D16: { point: 'GF-D16', rule: 'GF 8[4.2][9]', prompt: { en: 'Choose combat situations', ja: '戦闘状況を選ぶ' } },
  D17: {
    point: 'GF-D17',
    rule: 'GF 8[4.3][2]',
    prompt: { en: 'Allocate bombardment points to enemy ships', ja: '敵艦へ砲撃数を割り当てる' },
  },
  D18: { point: 'GF-D18', rule: 'GF 8[4.4][2]', prompt: { en: 'Continue the combat or not', ja: '戦闘を継続するか' } },
  AD1: {
    point: 'GF-AD1',
    rule: 'GF-AD1, GF 8[4][2]',
    prompt: {
      en: 'Combat in every contested hex at once: answer for each hex (AT hex: ...)',
      ja: '全戦闘ヘクス同時: ヘクスごとに答える（戦闘ヘクス 番号: ...）',
    },
  },
};

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
    default: {
      if (p.side !== side) return null;
      const byKind: Record<string, string> = {
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
      return byKind[p.kind];
    }
  }
}

/** GF 4, spec 5.1: the seats that owe orders now; D8 and sealed D17 are simultaneous secret choices. */
export function owed(s: GfState): Owed[] {
  const out: Owed[] = [];
  for (const side of ['british', 'german'] as const) {
    const d = pointOf(s, side);
    if (!d) continue;
    const hexes = d === 'AD1' ? hexPoints(s, side) : [];
    const sealedFire = s.options.fireAllocation === 'sealed';
    const sealed = d === 'D8' || (sealedFire && (d === 'D17' || hexes.some((h) => h.point === 'D17')));
    const prompt = d === 'AD1' ? hexesPrompt(hexes) : POINTS[d].prompt;
    out.push({ seat: side, ...POINTS[d], prompt, ...(sealed ? { sealed: true } : {}) });
  }
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
