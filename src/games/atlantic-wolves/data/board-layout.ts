/**
 * How the Atlantic Wolves board is drawn: the map frame (the data set's geography, ./geography.ts, draws the real
 * North Atlantic in it; a schematic one otherwise), where each of the five printed areas lies (north up, each panel
 * over its sea), and the colours of the counters (AW 1.21[3]: US green, British
 * yellow-red, the tactical air force both, German grey). Layout, not rules: nothing here changes play. A data set
 * whose areas are not all listed here is drawn on the renderer's plain grid instead.
 */
import type { Colour, MapShape, Point } from '../../../engine/board.ts';
import type { Text } from '../../../engine/types.ts';

/** The map frame (every position below is in it) and the sea. */
export const FRAME = { width: 1000, height: 680, background: '#bcd6ea' } as const;

/** Width of an area panel; its height grows with the units in it. */
export const PANEL_WIDTH = 320;

/** Top-left corner of each printed area's panel, by area id. */
export const AREA_POSITIONS: Readonly<Record<string, Point>> = {
  AM: [12, 150], // American Coast
  CG: [340, 40], // Central Gap
  WA: [668, 150], // Western Approaches
  CB: [110, 420], // Caribbean
  AF: [570, 420], // African Coast
};

/** The colours of the land. */
export const LAND = { fill: '#e9e1cc', stroke: '#b9ad8d' } as const;
const land = (...xy: number[]): MapShape => ({
  ...LAND,
  points: xy.flatMap((v, i) => (i % 2 ? [] : [[v, xy[i + 1]] as const])),
});

/** North America, Greenland, Europe, Africa and South America, as a sketch (a data set without geography). */
export const LAND_SHAPES: readonly MapShape[] = [
  land(0, 0, 250, 0, 230, 60, 160, 110, 120, 190, 60, 300, 40, 420, 90, 470, 60, 560, 0, 600),
  land(300, 0, 470, 0, 450, 40, 390, 60, 330, 40),
  land(760, 0, 1000, 0, 1000, 420, 940, 430, 900, 370, 930, 300, 880, 250, 900, 190, 850, 140, 880, 80, 820, 60),
  land(1000, 430, 960, 450, 930, 520, 920, 600, 960, 700, 1000, 720),
  land(180, 720, 220, 690, 330, 690, 390, 720),
];

/** Counter colours: convoys, UBs, US and British escorts, the face-down back, the British red band. */
export const COUNTER_COLOURS = {
  convoy: '#f6e27a',
  ub: '#aab1b8',
  us: '#7fb069',
  gb: '#e8b64c',
  band: '#c0392b',
  back: '#3d4a57',
} as const satisfies Record<string, Colour>;

/** The two sides, with the colours of their headings. */
export const SIDE_STYLE = {
  allied: { name: { en: 'Allied', ja: '連合軍' }, colour: '#2e6b30' },
  german: { name: { en: 'German', ja: 'ドイツ軍' }, colour: '#4a4f55' },
} as const satisfies Record<string, { name: Text; colour: Colour }>;

/** Short tags printed on the counters, by unit type. */
export const TYPE_TAGS: Readonly<Record<string, string>> = { convoy: 'CV', DD: 'DD', CVE: 'CVE', air: 'AIR', UB: 'UB' };

/** Short Turn Table labels (the data set's labels are longer), by turn. */
export const TURN_TAGS: Readonly<Record<number, Text>> = {
  1: { en: '1942 H1', ja: '1942前半' },
  2: { en: '1942 H2', ja: '1942後半' },
  3: { en: '1943 H1', ja: '1943前半' },
  4: { en: '1943 H2', ja: '1943後半' },
  5: { en: '1944 H1', ja: '1944前半' },
};

/** German VP Table tints: below 0 the Allies lead, above 0 the German. */
export const VP_TINTS = { below: '#cfe0f1', above: '#e6d3d3' } as const;

/** The phase names of the summary, by phase kind (AW 4.0). */
export const PHASE_NAMES: Readonly<Record<string, Text>> = {
  go: { en: 'In progress', ja: '進行中' },
  reinforce: { en: 'Reinforcement', ja: '両軍の増強' },
  step2: { en: 'Allied placement, Step 2', ja: '連合軍の配置 手順2' },
  step3: { en: 'Allied placement, Step 3', ja: '連合軍の配置 手順3' },
  placement: { en: 'Allied placement', ja: '連合軍の配置' },
  'overflow-name': { en: 'Units over capacity', ja: '配置数超過' },
  'overflow-replace': { en: 'Units over capacity', ja: '配置数超過' },
  'ub-placement': { en: 'UB placement', ja: 'UBの配置' },
  response: { en: 'Response movement', ja: '対応移動' },
  air: { en: 'Tactical air force attack', ja: '戦術空軍の攻撃' },
  escorts: { en: 'Escort-ship attack', ja: '護衛艦の攻撃' },
  ubs: { en: 'UB attack', ja: 'UBの攻撃' },
  over: { en: 'Game over', ja: 'ゲーム終了' },
};
