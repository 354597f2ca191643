/**
 * Synthetic boards for the renderer's tests, one per kind of map the games need: area panels (Atlantic Wolves), a
 * hex grid with hex kinds, VP, flags, face-down markers and a fleet chart off the map (Grand Fleet), and areas,
 * points and roads with step units (Operation Crusader). Invented values: shapes, not any game's data.
 */
import type { Board, Piece, Space } from '../../src/engine/board.ts';
import type { Text } from '../../src/engine/types.ts';

const same = (s: string): Text => ({ en: s, ja: s });
const summary = (turn: number): Board['summary'] => ({
  turn,
  lastTurn: 9,
  phase: { en: 'Battle', ja: '決戦' },
  scores: [{ label: { en: 'VP', ja: 'VP' }, value: 2, signed: true }],
  toMove: [{ seat: 'red', name: same('Red') }],
});
const sides: Board['sides'] = [
  { id: 'red', name: { en: 'Red', ja: '赤軍' }, colour: '#b03a2e', back: '#7b241c' },
  { id: 'blue', name: { en: 'Blue', ja: '青軍' }, colour: '#1f4e79', back: '#1b2631' },
];

/** The counters of the panel board: full counters of both sides, and a face-down one. */
function panelPieces(): Piece[] {
  return [
    {
      id: 'c1',
      at: 'A',
      side: 'red',
      kind: 'convoy',
      label: same('CV'),
      number: '11',
      strength: '6',
      note: same('VP2'),
      colours: { fill: '#f6e27a' },
    },
    {
      id: 'd1',
      at: 'A',
      side: 'red',
      kind: 'dd',
      label: same('DD'),
      number: '21',
      strength: '3',
      colours: { fill: '#e8b64c', band: '#c0392b' },
    },
    { id: 'hidden-1', at: 'A', side: 'red', kind: '', faceDown: true },
    {
      id: 'u1',
      at: 'A',
      side: 'blue',
      kind: 'ub',
      label: same('UB'),
      strength: '2',
      damage: 2,
      colours: { fill: '#aab1b8' },
    },
  ];
}

/** Two area panels, one over its limit, with full counters of both sides and a face-down one. */
export function panelBoard(): Board {
  return {
    title: { en: 'Panels', ja: 'パネル' },
    sides,
    map: { width: 1000, height: 500, background: '#bcd6ea' },
    spaces: [
      {
        id: 'A',
        kind: 'area',
        name: { en: 'Central Gap', ja: '中央ギャップ' },
        geometry: { shape: 'rect', x: 20, y: 20, width: 320 },
        notes: [{ en: 'cap. 2', ja: '配置数 2' }],
        limits: [{ side: 'red', label: same('Red'), count: 3, max: 2 }],
        sides: ['red', 'blue'],
      },
      {
        id: 'B',
        kind: 'area',
        name: { en: 'Other <sea>', ja: '他の海' },
        geometry: { shape: 'rect', x: 600, y: 20, width: 320 },
        sides: ['red', 'blue'],
      },
    ],
    connections: [{ from: 'A', to: 'B', kind: 'adjacent' }],
    pieces: panelPieces(),
    tracks: [{ id: 'vp', kind: 'score', name: { en: 'VP table', ja: 'VP表' }, origin: 0, markers: [{ value: 2 }] }],
    summary: summary(3),
  };
}

/** The hexes of the hex board (two homes, a prohibited hex, VP in one column) and the boxes of its fleet chart. */
function hexSpaces(): Space[] {
  const spaces: Space[] = [];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 6; col++) {
      const code = `${row + 1}${String(col + 1).padStart(2, '0')}`;
      const terrain = code === '104' ? 'prohibited' : code === '101' || code === '406' ? 'home' : 'sea';
      const home =
        code === '101'
          ? { owner: 'red', name: { en: 'Scapa', ja: 'スカパ' } }
          : code === '406'
            ? { owner: 'blue', name: { en: 'Jade', ja: 'ヤーデ' } }
            : {};
      spaces.push({
        id: `h${code}`,
        kind: 'hex',
        code,
        name: same(code),
        geometry: { shape: 'hex', col, row },
        terrain,
        ...(col === 2 ? { vp: row + 1 } : {}),
        ...home,
      });
    }
  }
  spaces.push(
    ...[0, 1, 2].map(
      (n): Space => ({
        id: `dd${n}`,
        kind: 'box',
        name: same(`DD ${n}`),
        group: { en: 'Red fleet chart', ja: '赤軍艦隊チャート' },
        limits: n ? [{ label: same('ships'), count: n === 2 ? 6 : 1, max: 5 }] : [],
      }),
    ),
  );
  return spaces;
}

/** The markers of the hex board: face up and face down, five stacked in one hex; a battleship on the fleet chart. */
function hexPieces(): Piece[] {
  const marker = (id: string, at: string, side: string, down: boolean): Piece =>
    down
      ? { id, at, side, kind: '', faceDown: true }
      : {
          id,
          at,
          side,
          kind: 'fleet',
          label: same('F'),
          strength: '5',
          colours: { fill: side === 'red' ? '#f5b7b1' : '#aed6f1' },
        };
  const pieces: Piece[] = [
    marker('m1', 'h203', 'red', false),
    marker('hidden-1', 'h203', 'blue', true),
    ...['m2', 'm3', 'm4', 'm5', 'm6'].map((id, i) => marker(id, 'h305', i % 2 ? 'blue' : 'red', i === 0)),
    {
      id: 'bb1',
      at: 'dd1',
      side: 'red',
      kind: 'BB',
      label: same('BB'),
      number: '3',
      strength: '4',
      colours: { fill: '#f5b7b1' },
    },
  ];
  return pieces;
}

/** A 6×4 hex grid (odd rows shifted): two homes with flags, a prohibited hex, VP, markers; a fleet chart below. */
export function hexBoard(coordinates: 'odd-r' | 'axial' = 'odd-r'): Board {
  const spaces = hexSpaces();
  const pieces = hexPieces();
  return {
    title: { en: 'Hexes', ja: 'ヘクス' },
    sides,
    map: {
      width: 600,
      height: 400,
      background: '#dfe8ef',
      hexGrid: { size: 50, orientation: 'pointy', coordinates, origin: [60, 60] },
      terrain: {
        sea: { name: { en: 'Normal hex', ja: '通常ヘクス' }, fill: '#cfe3f3' },
        home: { name: { en: 'Home hex', ja: '本拠地ヘクス' }, fill: '#b8d4ec', stroke: '#1f4e79' },
        prohibited: { name: { en: 'Prohibited hex', ja: '禁止ヘクス' }, fill: '#e6e6e6', unused: true },
      },
    },
    spaces,
    connections: [],
    pieces,
    tracks: [
      { id: 'turn', kind: 'turn', name: { en: 'Turn', ja: 'ターン' }, min: 1, max: 9, markers: [{ value: 4 }] },
      {
        id: 'vp',
        kind: 'score',
        name: { en: 'VP', ja: 'VP' },
        origin: 0,
        markers: [{ value: -2, side: 'blue' }],
        tints: { below: '#d6eaf8', above: '#fadbd8' },
      },
    ],
    summary: summary(4),
  };
}

/** A desert area: the square of the map from x0 to x0 + 400, its label at `anchor`. */
const desertArea = (id: string, x0: number, anchor: [number, number]): Space => ({
  id,
  kind: 'area',
  name: same(id.slice(1)),
  geometry: {
    shape: 'polygon',
    points: [
      [x0, 0],
      [x0 + 400, 0],
      [x0 + 400, 400],
      [x0, 400],
    ],
    anchor,
  },
  terrain: 'desert',
});

/** The spaces of the point board: two desert areas, three points (two of them owned), a holding box off the map. */
function pointSpaces(): Space[] {
  return [
    desertArea('a11', 0, [120, 80]),
    desertArea('a12', 400, [680, 80]),
    {
      id: 'tobruk',
      kind: 'point',
      name: { en: 'Tobruk', ja: 'トブルク' },
      geometry: { shape: 'point', x: 200, y: 200 },
      owner: 'red',
    },
    {
      id: 'bardia',
      kind: 'point',
      name: { en: 'Bardia', ja: 'バルディア' },
      geometry: { shape: 'point', x: 600, y: 200 },
      owner: 'blue',
    },
    {
      id: 'x1',
      kind: 'point',
      name: { en: 'Crossroads', ja: '交差点' },
      geometry: { shape: 'point', x: 400, y: 320 },
    },
    { id: 'offmap', kind: 'holding', name: { en: 'Off the map', ja: '盤外' } },
  ];
}

/** The units of the point board, with steps left of their full strength; one off the map. */
function pointPieces(): Piece[] {
  const unit = (id: string, at: string, side: string, kind: string, label: string, steps: [number, number]) => ({
    id,
    at,
    side,
    kind,
    label: same(label),
    steps: { left: steps[0], full: steps[1] },
  });
  return [
    {
      ...unit('p21', 'bardia', 'blue', 'tank', '21', [3, 4]),
      name: { en: '21st Panzer', ja: '第21装甲師団' },
      damage: 1,
      colours: { fill: '#5d6d7e' },
    },
    { ...unit('g1', 'tobruk', 'red', 'infantry', '70', [2, 2]), colours: { fill: '#d5dbdb' } },
    { ...unit('g2', 'a11', 'red', 'tank', '7A', [4, 4]), colours: { fill: '#f9e79f' } },
    { ...unit('g3', 'offmap', 'red', 'tank', '22', [3, 3]), colours: { fill: '#f9e79f' } },
  ];
}

/** Two desert areas and three points joined by a road and a track; units with steps; a unit off the map. */
export function pointBoard(): Board {
  return {
    title: { en: 'Points', ja: 'ポイント' },
    sides,
    map: { width: 800, height: 400, background: '#f4ead5' },
    spaces: pointSpaces(),
    connections: [
      { from: 'tobruk', to: 'bardia', kind: 'road' },
      { from: 'bardia', to: 'x1', kind: 'minor-road' },
      { from: 'a11', to: 'a12', kind: 'adjacent', implicit: true },
    ],
    pieces: pointPieces(),
    tracks: [
      { id: 'vp', kind: 'score', name: { en: 'VP', ja: 'VP' }, min: -7, max: 7, origin: 0, markers: [{ value: 1 }] },
    ],
    summary: summary(2),
  };
}
