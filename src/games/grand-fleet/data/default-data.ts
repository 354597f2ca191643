/**
 * The shipped data set. Known printed values exactly as component-facts.md and the rulebook give them: 8 British and
 * 6 German fleet markers (GF 2-1[7]), DDbox capacities 5 and 3 (GF 6[5]), fleets of 3-8 and 3-10 (GF 8[1][4]),
 * maintenance numbers 21 and 11 (GF 11[4]), 9 turns (GF 4[1]), Scapa Flow and Wilhelmshaven as home hexes
 * (GF 2-2[3c]). Everything else (map, roster, type values, damage and USW tables) is NOT IN TEXT and reconstructed:
 * see `reconstructed` and docs/grand-fleet.md.
 */
import { ROSTER } from './roster.ts';
import type { GfData, HexData } from './schema.ts';

/**
 * The North Sea, rows north to south, columns west to east (pointy hexes, odd rows shifted right: odd-r).
 * h home, p proximity, n normal, x prohibited, '.' land (no hex). Reconstructed (GF-A01).
 */
const ROWS = ['hnnnnnxx', 'pnnnnnnx', 'pnnnnnnn', 'pnnnnnnp', 'pnnnnnnp', 'pnnnnnpp', 'xpnnxph.'];

/** Flags, VP and names of the special hexes (reconstructed, GF-A01, GF-A26). */
const SPECIAL: Record<string, Partial<HexData>> = {
  '101': { flag: 'british', vp: 2, name: { en: 'Scapa Flow', ja: 'スカパ・フロー' } },
  '201': { flag: 'british', vp: 0.5, name: { en: 'Moray Firth', ja: 'マリー湾' } },
  '301': { flag: 'british', vp: 1, name: { en: 'Firth of Forth', ja: 'フォース湾' } },
  '401': { flag: 'british', vp: 0.5, name: { en: 'Tyne', ja: 'タイン' } },
  '501': { flag: 'british', vp: 0.5, name: { en: 'Humber', ja: 'ハンバー' } },
  '601': { flag: 'british', vp: 0.5, name: { en: 'Yarmouth', ja: 'ヤーマス' } },
  '702': { flag: 'british', vp: 1, name: { en: 'Harwich', ja: 'ハリッジ' } },
  '408': { flag: 'german', vp: 0.5, name: { en: 'Horns Reef', ja: 'ホーンズ礁' } },
  '508': { flag: 'german', vp: 0.5, name: { en: 'Sylt', ja: 'ズィルト' } },
  '607': { flag: 'german', vp: 0.5, name: { en: 'Jade', ja: 'ヤーデ' } },
  '608': { flag: 'german', vp: 1, name: { en: 'Heligoland', ja: 'ヘルゴラント' } },
  '706': { flag: 'german', vp: 0.5, name: { en: 'Ems', ja: 'エムス' } },
  '707': { flag: 'german', vp: 2, name: { en: 'Wilhelmshaven', ja: 'ヴィルヘルムスハーフェン' } },
};

const KIND: Record<string, HexData['kind']> = { h: 'home', p: 'proximity', n: 'normal', x: 'prohibited' };

/** The hexes of ROWS, numbered row then column (101 .. 708). */
function hexes(): HexData[] {
  const out: HexData[] = [];
  ROWS.forEach((line, r) => {
    [...line].forEach((c, k) => {
      if (c === '.') return;
      const id = `${r + 1}${String(k + 1).padStart(2, '0')}`;
      out.push({ id, col: k, row: r, kind: KIND[c], vp: 0, ...SPECIAL[id] });
    });
  });
  return out;
}

const TURNS: [string, string][] = [
  ['late 1914', '1914年後半'],
  ['early 1915', '1915年前半'],
  ['late 1915', '1915年後半'],
  ['early 1916', '1916年前半'],
  ['late 1916', '1916年後半'],
  ['early 1917', '1917年前半'],
  ['late 1917', '1917年後半'],
  ['early 1918', '1918年前半'],
  ['late 1918', '1918年後半'],
];

/** The shipped set. */
export const defaultData: GfData = {
  id: 'grand-fleet-1.2-reconstructed',
  title: { en: 'Grand Fleet 1.2 (reconstructed components)', ja: 'グランドフリート1.2（再構成コンポーネント）' },
  hexes: hexes(),
  shipTypes: [
    { id: '(B)', name: { en: 'pre-dreadnought', ja: '前ド級戦艦' }, bombardment: 1, defence: 2, colour: 'blue' },
    { id: 'B', name: { en: 'dreadnought', ja: 'ド級戦艦' }, bombardment: 2, defence: 3, colour: 'black' },
    { id: 'BB', name: { en: 'super-dreadnought', ja: '超ド級戦艦' }, bombardment: 3, defence: 4, colour: 'black' },
    { id: 'BC', name: { en: 'fast battleship', ja: '高速戦艦' }, bombardment: 2, defence: 3, colour: 'red' },
    {
      id: '(BC)',
      name: { en: 'fast battleship (early)', ja: '高速戦艦（初期）' },
      bombardment: 1,
      defence: 2,
      colour: 'red',
    },
  ],
  ships: ROSTER,
  damageTable: [
    { max: 6, result: 'none' },
    { max: 9, result: 'ddbox' },
    { max: 99, result: 'sunk' },
  ],
  uswOccurrence: ['none', 'none', 'none', 'choice', 'choice', 'occurs'],
  uswTable: [-2, -1, 0, 1, 1, 2],
  uswModifiers: [],
  turns: TURNS.map(([en, ja]) => ({ en, ja })),
  maintenance: { british: 21, german: 11 },
  ddCapacity: { british: 5, german: 3 },
  markers: { british: 8, german: 6 },
  fleetMax: { british: 8, german: 10 },
  reconstructed: [
    'hexes',
    'shipTypes',
    'ships',
    'damageTable',
    'uswOccurrence',
    'uswTable',
    'uswModifiers',
    'turns[*].label',
  ],
};
