/**
 * The shipped data set. Known values (OC 2.3, 4.2, 6.2(2)[3]; component-facts.md): the 21st Panzer Division (4
 * steps, hit value 5, MA 4, tank), British set-up areas 11 and 12, areas 11 and 06 meeting only at a point (Sidi
 * Omar), and the named points Tobruk, Bardia, Sollum, Halfaya Pass, Fort Capuzzo and Bir el Gubi. Everything else
 * (coordinates, roads and their kinds, hills, fortress approaches, towns, the other counters, the Axis set-up) is a
 * coherent playable default, marked `reconstructed`, and listed in docs/operation-crusader.md.
 */
import type { OcData } from './schema.ts';

type Unit = OcData['units'][number];
type Area = OcData['areas'][number];

const area = (id: string, en: string, ja: string, rect: Area['rect'], points: string[], neighbours: string[]) => ({
  id,
  name: { en: `Area ${id} (${en})`, ja: `エリア${id}(${ja})` },
  rect,
  points,
  neighbours,
  reconstructed: true,
});

const unit = (
  id: string,
  names: [string, string, string, string],
  side: Unit['side'],
  nation: Unit['nation'],
  arm: Unit['arm'],
  [steps, hit, ma]: [number, number, number],
  extra: Partial<Pick<Unit, 'oneStep' | 'tobruk' | 'reconstructed'>> = {},
): Unit => ({
  id,
  name: { en: names[0], ja: names[1] },
  short: { en: names[2], ja: names[3] },
  side,
  nation,
  arm,
  steps,
  hit,
  ma,
  oneStep: false,
  tobruk: false,
  reconstructed: true,
  ...extra,
});

// Columns x: 0-280, 280-560, 560-820, 820-1080, Egypt 1080-1200; rows y: 140-340, 340-560, 560-780.
const AREAS: Area[] = [
  area('01', 'Gazala', 'ガザラ', [0, 140, 280, 200], ['gazala', 'acroma'], ['02', '05']),
  area(
    '02',
    'El Adem',
    'エル・アデム',
    [280, 140, 280, 200],
    ['acroma', 'tobruk', 'el-adem', 'sidi-rezegh'],
    ['01', '03'],
  ),
  area('03', 'Gambut', 'ガンブト', [560, 140, 260, 200], ['gambut', 'sidi-rezegh'], ['02', '04', '08']),
  area(
    '04',
    'Capuzzo plateau',
    'カプッツォ台地',
    [820, 140, 260, 200],
    ['bardia', 'capuzzo', 'sollum', 'halfaya', 'sidi-omar'],
    ['03', '06'],
  ),
  area('05', 'Bir Hakeim', 'ビル・ハケイム', [0, 340, 280, 220], ['bir-hakeim'], ['01', '07', '09']),
  area('06', 'Sidi Omar', 'シディ・オマル', [820, 340, 260, 220], ['capuzzo', 'sidi-omar'], ['04', '08', '10', '12']),
  area(
    '07',
    'Bir el Gubi',
    'ビル・エル・グビ',
    [280, 340, 280, 220],
    ['el-adem', 'sidi-rezegh', 'bir-el-gubi'],
    ['05', '08', '09'],
  ),
  area(
    '08',
    'Gabr Saleh',
    'ガブル・サレー',
    [560, 340, 260, 220],
    ['sidi-rezegh', 'gabr-saleh'],
    ['03', '06', '07', '10'],
  ),
  area('09', 'Southern desert', '南部砂漠', [0, 560, 560, 220], ['bir-hakeim', 'bir-el-gubi'], ['05', '07', '10']),
  area('10', 'Maddalena desert', 'マッダレーナ砂漠', [560, 560, 520, 220], ['maddalena'], ['06', '08', '09', '12']),
  area('11', 'Egypt north', 'エジプト北部', [1080, 140, 120, 200], ['sollum', 'halfaya', 'sidi-omar'], ['12']),
  area('12', 'Egypt south', 'エジプト南部', [1080, 340, 120, 440], ['sidi-omar', 'maddalena'], ['06', '10', '11']),
];

const pt = (
  id: string,
  en: string,
  ja: string,
  x: number,
  y: number,
  extra: Partial<OcData['points'][number]> = {},
) => ({
  id,
  name: { en, ja },
  x,
  y,
  town: false,
  reconstructed: true,
  ...extra,
});

const POINTS: OcData['points'] = [
  pt('gazala', 'Gazala', 'ガザラ', 140, 150),
  pt('acroma', 'Acroma', 'アクロマ', 290, 150),
  pt('tobruk', 'Tobruk', 'トブルク', 430, 150, {
    town: true,
    fortress: { side: 'british', approaches: ['02', 'acroma', 'el-adem', 'gambut'] },
  }),
  pt('el-adem', 'El Adem', 'エル・アデム', 430, 340),
  pt('sidi-rezegh', 'Sidi Rezegh', 'シディ・レゼク', 560, 340),
  pt('gambut', 'Gambut', 'ガンブト', 690, 150),
  pt('bardia', 'Bardia', 'バルディア', 950, 150, {
    town: true,
    source: 'axis',
    fortress: { side: 'axis', approaches: ['04', 'gambut', 'capuzzo'] },
  }),
  pt('capuzzo', 'Fort Capuzzo', 'カプッツォ砦', 950, 340),
  pt('sollum', 'Sollum', 'ソルーム', 1080, 190, { town: true }),
  pt('halfaya', 'Halfaya Pass', 'ハルファヤ峠', 1080, 280, {
    fortress: { side: 'axis', approaches: ['11', 'east-coast'] },
  }),
  pt('sidi-omar', 'Sidi Omar', 'シディ・オマル', 1080, 340),
  pt('bir-hakeim', 'Bir Hakeim', 'ビル・ハケイム', 140, 560),
  pt('bir-el-gubi', 'Bir el Gubi', 'ビル・エル・グビ', 430, 560),
  pt('gabr-saleh', 'Gabr Saleh', 'ガブル・サレー', 690, 450),
  pt('maddalena', 'Fort Maddalena', 'マッダレーナ砦', 1080, 700),
  pt('west-coast', 'Via Balbia (west edge)', 'バルビア街道(西端)', 10, 110, { offMap: { edge: 'west', side: 'axis' } }),
  pt('west-trigh', 'Trigh el Abd (west edge)', 'トリグ・エル・アブド(西端)', 10, 600, {
    offMap: { edge: 'west', side: 'axis' },
  }),
  pt('east-coast', 'Coast road to Egypt (east edge)', '海岸道路(東端)', 1190, 110, {
    offMap: { edge: 'east', side: 'british' },
  }),
  pt('south-track', 'Track to Giarabub (south edge)', 'ジャラブブ道(南端)', 1150, 790, {
    offMap: { edge: 'south', side: 'british' },
  }),
];

const road = (from: string, to: string, kind: 'coastal' | 'rough', areas: string[]) => ({
  from,
  to,
  kind,
  areas,
  reconstructed: true,
});

const ROADS: OcData['roads'] = [
  road('west-coast', 'gazala', 'coastal', ['01']),
  road('gazala', 'acroma', 'coastal', ['01']),
  road('acroma', 'tobruk', 'coastal', ['02']),
  road('tobruk', 'gambut', 'coastal', ['02', '03']),
  road('gambut', 'bardia', 'coastal', ['03', '04']),
  road('bardia', 'capuzzo', 'coastal', ['04']),
  road('capuzzo', 'sollum', 'coastal', ['04']),
  // The Halfaya escarpment: the road down the pass has area 04 above it, across the hills.
  road('sollum', 'halfaya', 'coastal', ['11']),
  road('halfaya', 'east-coast', 'coastal', ['11']),
  road('west-trigh', 'bir-hakeim', 'rough', ['05', '09']),
  road('gazala', 'bir-hakeim', 'rough', ['01', '05']),
  road('acroma', 'el-adem', 'rough', ['02']),
  road('tobruk', 'el-adem', 'rough', ['02']),
  // The Sidi Rezegh escarpment separates area 07 from the roads along it.
  road('el-adem', 'sidi-rezegh', 'rough', ['02']),
  road('sidi-rezegh', 'gambut', 'rough', ['03']),
  road('el-adem', 'bir-el-gubi', 'rough', ['07']),
  road('bir-hakeim', 'bir-el-gubi', 'rough', ['09']),
  road('bir-el-gubi', 'gabr-saleh', 'rough', ['07', '08']),
  road('sidi-rezegh', 'gabr-saleh', 'rough', ['08']),
  road('gabr-saleh', 'sidi-omar', 'rough', ['08', '06']),
  road('capuzzo', 'sidi-omar', 'rough', ['04', '06']),
  road('sidi-omar', 'maddalena', 'rough', ['12']),
  road('gabr-saleh', 'maddalena', 'rough', ['10']),
  road('maddalena', 'south-track', 'rough', ['10', '12']),
];

const G = 'german';
const I = 'italian';
const B = 'british';
const UNITS: Unit[] = [
  unit('21pz', ['21st Panzer Division', '第21装甲師団', '21 Pz', '21装甲'], 'axis', G, 'tank', [4, 5, 4], {
    reconstructed: false,
  }),
  unit('15pz', ['15th Panzer Division', '第15装甲師団', '15 Pz', '15装甲'], 'axis', G, 'tank', [4, 5, 4]),
  unit('90le', ['90th Light Division', '第90軽師団', '90 Le', '90軽'], 'axis', G, 'infantry', [3, 4, 3]),
  unit('ariete', ['Ariete Armoured Division', 'アリエテ機甲師団', 'Ariete', 'アリエテ'], 'axis', I, 'tank', [3, 4, 3]),
  unit(
    'trieste',
    ['Trieste Motorised Division', 'トリエステ自動車化師団', 'Trieste', 'トリエステ'],
    'axis',
    I,
    'infantry',
    [2, 3, 3],
  ),
  unit('bologna', ['Bologna Division', 'ボローニャ師団', 'Bologna', 'ボローニャ'], 'axis', I, 'infantry', [3, 3, 2]),
  unit('brescia', ['Brescia Division', 'ブレシア師団', 'Brescia', 'ブレシア'], 'axis', I, 'infantry', [3, 3, 2]),
  unit('pavia', ['Pavia Division', 'パヴィア師団', 'Pavia', 'パヴィア'], 'axis', I, 'infantry', [3, 3, 2]),
  unit('trento', ['Trento Division', 'トレント師団', 'Trento', 'トレント'], 'axis', I, 'infantry', [3, 3, 2]),
  unit('savona', ['Savona Division', 'サヴォナ師団', 'Savona', 'サヴォナ'], 'axis', I, 'infantry', [3, 3, 2]),
  unit('g-bardia', ['Bardia garrison', 'バルディア守備隊', 'Gar Bardia', 'バ守備'], 'axis', I, 'infantry', [1, 3, 1], {
    oneStep: true,
  }),
  unit(
    'g-halfaya',
    ['Halfaya garrison', 'ハルファヤ守備隊', 'Gar Halfaya', 'ハ守備'],
    'axis',
    G,
    'infantry',
    [1, 4, 1],
    {
      oneStep: true,
    },
  ),
  unit('g-sollum', ['Sollum garrison', 'ソルーム守備隊', 'Gar Sollum', 'ソ守備'], 'axis', I, 'infantry', [1, 3, 1], {
    oneStep: true,
  }),
  unit('70div', ['70th Infantry Division', '第70歩兵師団', '70 Div', '70師'], 'british', B, 'infantry', [4, 4, 2], {
    tobruk: true,
  }),
  unit('32atb', ['32nd Army Tank Brigade', '第32陸軍戦車旅団', '32 ATB', '32戦車'], 'british', B, 'tank', [2, 5, 2], {
    tobruk: true,
  }),
  unit(
    'polish',
    ['Polish Carpathian Brigade', 'ポーランド・カルパチア旅団', 'Pol Bde', 'ポ旅'],
    'british',
    B,
    'infantry',
    [1, 3, 2],
    {
      tobruk: true,
      oneStep: true,
    },
  ),
  unit('7arm', ['7th Armoured Brigade', '第7機甲旅団', '7 Armd', '7機甲'], 'british', B, 'tank', [3, 4, 4]),
  unit('22arm', ['22nd Armoured Brigade', '第22機甲旅団', '22 Armd', '22機甲'], 'british', B, 'tank', [3, 4, 4]),
  unit('4arm', ['4th Armoured Brigade', '第4機甲旅団', '4 Armd', '4機甲'], 'british', B, 'tank', [3, 4, 4]),
  unit('7sg', ['7th Support Group', '第7支援群', '7 SG', '7支援'], 'british', B, 'infantry', [2, 4, 4]),
  unit('1sa', ['1st South African Division', '南ア第1師団', '1 SA', '南ア1'], 'british', B, 'infantry', [3, 3, 3]),
  unit('22gds', ['22nd Guards Brigade', '第22近衛旅団', '22 Gds', '22近衛'], 'british', B, 'infantry', [1, 4, 3], {
    oneStep: true,
  }),
  unit(
    'nz',
    ['2nd New Zealand Division', 'ニュージーランド第2師団', '2 NZ', '2NZ'],
    'british',
    B,
    'infantry',
    [4, 4, 3],
  ),
  unit('4ind', ['4th Indian Division', 'インド第4師団', '4 Ind', '印4'], 'british', B, 'infantry', [3, 4, 2]),
  unit('1atb', ['1st Army Tank Brigade', '第1陸軍戦車旅団', '1 ATB', '1戦車'], 'british', B, 'tank', [3, 5, 2]),
  unit('2sa', ['2nd South African Division', '南ア第2師団', '2 SA', '南ア2'], 'british', B, 'infantry', [3, 3, 2]),
];

/** The shipped data set (reconstructed except where the module comment says otherwise). */
export const defaultData: OcData = {
  name: 'Operation Crusader (reconstructed map and counters)',
  map: { width: 1200, height: 800 },
  areas: AREAS,
  points: POINTS,
  roads: ROADS,
  units: UNITS,
  axisSetup: {
    '21pz': '03',
    '15pz': 'gambut',
    '90le': 'el-adem',
    ariete: 'bir-el-gubi',
    trieste: 'bir-hakeim',
    bologna: '02',
    brescia: 'acroma',
    pavia: 'el-adem',
    trento: '02',
    savona: 'capuzzo',
    'g-bardia': 'bardia',
    'g-halfaya': 'halfaya',
    'g-sollum': 'sollum',
  },
  britishSetupAreas: ['11', '12'],
  britishDefaultSetup: {
    '7arm': '12',
    '22arm': '12',
    '4arm': '12',
    '7sg': '12',
    '1sa': '12',
    '22gds': '12',
    nz: '11',
    '4ind': '11',
    '1atb': '11',
    '2sa': 'east-coast',
  },
  britishSupplyAreas: ['11', '12'],
  tobruk: 'tobruk',
  bardia: 'bardia',
  turns: 6,
  vpCap: 7,
};
