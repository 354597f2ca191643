/**
 * The shipped Atlantic Wolves 1.1 data set. Area names and capacities, the 10 convoys (2 ☆), the four ☆ turn-1 UBs,
 * the ☆ US CVE and the 18 Allied units in use on turn 3 come from `shared/data/component-facts.md`. Everything
 * else (adjacency, strengths, VP, unit numbers, types, nationality, historical turns, Turn Table counts) is a
 * coherent, playable RECONSTRUCTION: every such field path is listed in `reconstructed` and in docs/atlantic-wolves.md.
 */
import { geographySchema } from '../../../engine/geography.ts';
import MAP from './map.json' with { type: 'json' };
import type { AwArea, AwData, AwTurn, AwUnit } from './schema.ts';

const area = (id: string, en: string, ja: string, capacity: number, adjacent: string[]): AwArea => ({
  id,
  name: { en, ja },
  capacity,
  adjacent,
});

// Known: names and capacities (component-facts.md). Reconstructed: adjacency (a North Atlantic sketch, north up).
const areas: AwArea[] = [
  area('AF', 'African Coast', 'アフリカ沿岸', 5, ['CB', 'CG', 'WA']),
  area('AM', 'American Coast', 'アメリカ沿岸', 4, ['CB', 'CG']),
  area('CB', 'Caribbean', 'カリブ海', 3, ['AF', 'AM']),
  area('CG', 'Central Gap', '中央ギャップ', 6, ['AF', 'AM', 'WA']),
  area('WA', 'Western Approaches', 'ウエスタン・アプローチ', 5, ['AF', 'CG']),
];

type Row = [
  id: string,
  type: AwUnit['type'],
  nat: AwUnit['nationality'],
  strength: number,
  vp: number,
  star: boolean,
  num: number,
  turn: number,
  en: string,
  ja: string,
];

// Convoys: 10, of which 2 ☆ (known). Strength, VP and numbers reconstructed. ☆ convoys print VP but never score (E4).
const convoys: Row[] = [
  ['C01', 'convoy', 'GB', 4, 1, false, 11, 1, 'Convoy OG', 'OG船団'],
  ['C02', 'convoy', 'GB', 4, 2, false, 12, 1, 'Convoy OS', 'OS船団'],
  ['C03', 'convoy', 'GB', 5, 2, false, 13, 1, 'Convoy ON', 'ON船団'],
  ['C04', 'convoy', 'GB', 5, 2, false, 14, 1, 'Convoy ONS', 'ONS船団'],
  ['C05', 'convoy', 'GB', 5, 3, false, 15, 1, 'Convoy SL', 'SL船団'],
  ['C06', 'convoy', 'GB', 6, 3, false, 16, 1, 'Convoy SC', 'SC船団'],
  ['C07', 'convoy', 'US', 6, 3, false, 21, 1, 'Convoy UGS', 'UGS船団'],
  ['C08', 'convoy', 'GB', 7, 4, false, 22, 1, 'Convoy HX', 'HX船団'],
  ['C09', 'convoy', 'US', 5, 2, true, 23, 1, 'Convoy TAW ☆', 'TAW船団☆'],
  ['C10', 'convoy', 'US', 4, 1, true, 24, 1, 'Convoy KS ☆', 'KS船団☆'],
];

// Escorts: 14 in all; 10 reinforced over turns 1-3 (known: 8 convoys + 10 escorts in use on turn 3), the ☆ US CVE
// among them on turn 3 (known). Every other value reconstructed.
const escorts: Row[] = [
  ['GB-DD1', 'DD', 'GB', 2, 0, false, 25, 1, 'British DD 1', '英駆逐艦1'],
  ['US-DD1', 'DD', 'US', 1, 0, false, 26, 1, 'US DD 1', '米駆逐艦1'],
  ['US-DD2', 'DD', 'US', 2, 0, false, 31, 1, 'US DD 2', '米駆逐艦2'],
  ['GB-DD2', 'DD', 'GB', 3, 0, false, 32, 2, 'British DD 2', '英駆逐艦2'],
  ['GB-DD3', 'DD', 'GB', 2, 0, false, 33, 2, 'British DD 3', '英駆逐艦3'],
  ['AIR1', 'air', 'air', 2, 0, false, 34, 2, 'Tactical Air Force 1', '戦術空軍1'],
  ['US-CVE1', 'CVE', 'US', 3, 0, true, 35, 3, 'US CVE 1 ☆', '米護衛空母1☆'],
  ['GB-CVE1', 'CVE', 'GB', 2, 0, false, 36, 3, 'British CVE 1', '英護衛空母1'],
  ['GB-DD4', 'DD', 'GB', 3, 0, false, 41, 3, 'British DD 4', '英駆逐艦4'],
  ['AIR2', 'air', 'air', 3, 0, false, 42, 3, 'Tactical Air Force 2', '戦術空軍2'],
  ['US-DD3', 'DD', 'US', 3, 0, false, 43, 4, 'US DD 3', '米駆逐艦3'],
  ['US-CVE2', 'CVE', 'US', 2, 0, false, 44, 4, 'US CVE 2', '米護衛空母2'],
  ['GB-DD5', 'DD', 'GB', 3, 0, false, 45, 5, 'British DD 5', '英駆逐艦5'],
  ['AIR3', 'air', 'air', 3, 0, false, 46, 5, 'Tactical Air Force 3', '戦術空軍3'],
];

// UBs: 12. The four ☆ UBs are the turn-1 reinforcement (known, rule A); the rest reconstructed. No UB prints turn 5:
// the historical turn-5 reinforcement is 3 sunk UBs (AW 11.0[4]).
const ubs: Row[] = [
  ['U01', 'UB', 'DE', 3, 0, true, 51, 1, 'UB 1 ☆', 'UB1☆'],
  ['U02', 'UB', 'DE', 2, 0, true, 52, 1, 'UB 2 ☆', 'UB2☆'],
  ['U03', 'UB', 'DE', 2, 0, true, 53, 1, 'UB 3 ☆', 'UB3☆'],
  ['U04', 'UB', 'DE', 2, 0, true, 54, 1, 'UB 4 ☆', 'UB4☆'],
  ['U05', 'UB', 'DE', 2, 0, false, 55, 2, 'UB 5', 'UB5'],
  ['U06', 'UB', 'DE', 2, 0, false, 56, 2, 'UB 6', 'UB6'],
  ['U07', 'UB', 'DE', 1, 0, false, 61, 2, 'UB 7', 'UB7'],
  ['U08', 'UB', 'DE', 3, 0, false, 62, 3, 'UB 8', 'UB8'],
  ['U09', 'UB', 'DE', 2, 0, false, 63, 3, 'UB 9', 'UB9'],
  ['U10', 'UB', 'DE', 1, 0, false, 64, 3, 'UB 10', 'UB10'],
  ['U11', 'UB', 'DE', 3, 0, false, 65, 4, 'UB 11', 'UB11'],
  ['U12', 'UB', 'DE', 3, 0, false, 66, 4, 'UB 12', 'UB12'],
];

const toUnit = ([id, type, nationality, strength, vp, star, number, turn, en, ja]: Row): AwUnit => ({
  id,
  side: type === 'UB' ? 'german' : 'allied',
  type,
  nationality,
  strength,
  vp,
  star,
  number,
  turn,
  name: { en, ja },
});

const units = [...convoys, ...escorts, ...ubs].map(toUnit).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

// Turn labels known; counts reconstructed except German turn 1 = 4 ☆ UBs (rule A) and Allied turns 1-3 summing to 10.
const turns: AwTurn[] = [
  { turn: 1, label: { en: '1942 first half', ja: '1942年前半' }, reinforcements: { allied: 3, german: 4 } },
  { turn: 2, label: { en: '1942 second half', ja: '1942年後半' }, reinforcements: { allied: 3, german: 3 } },
  { turn: 3, label: { en: '1943 first half', ja: '1943年前半' }, reinforcements: { allied: 4, german: 3 } },
  { turn: 4, label: { en: '1943 second half', ja: '1943年後半' }, reinforcements: { allied: 2, german: 2 } },
  { turn: 5, label: { en: '1944 first half', ja: '1944年前半' }, reinforcements: { allied: 2, german: 3 } },
];

/** Every field path of the default data whose value is a reconstruction, not a known printed value. */
function reconstructedPaths(): string[] {
  const out: string[] = ['units(count of escorts and UBs)', 'vpTrack.min', 'vpTrack.max'];
  for (const a of areas) out.push(`areas.${a.id}.adjacent`);
  for (const u of units) {
    const fields =
      u.type === 'convoy'
        ? ['strength', 'vp', 'number', 'nationality', 'name', 'star(which two)']
        : ['type', 'nationality', 'strength', 'number', 'turn', 'name'];
    if (u.type === 'UB') fields.splice(0, 2);
    if (u.star && u.type === 'UB') fields.splice(fields.indexOf('turn'), 1);
    for (const f of fields) out.push(`units.${u.id}.${f}`);
  }
  for (const t of turns) {
    if (t.turn !== 1) out.push(`turns.${t.turn}.reinforcements.german`);
    out.push(`turns.${t.turn}.reinforcements.allied${t.turn <= 3 ? '(split of the known total 10)' : ''}`);
  }
  return out;
}

/** The shipped default data set (see docs/atlantic-wolves.md for the table of reconstructed values). */
export const defaultData: AwData = {
  id: 'aw-1.1-reconstructed-1',
  title: { en: 'Atlantic Wolves 1.1 (reconstructed counters)', ja: '大西洋の狼1.1（推定コマ値）' },
  areas,
  units,
  turns,
  vpTrack: { min: -10, max: 30 },
  reconstructed: reconstructedPaths(),
  // The North Atlantic under the panels, generated by `npm run maps` from ./geography.ts (itself reconstructed).
  geography: geographySchema.parse(MAP),
};
