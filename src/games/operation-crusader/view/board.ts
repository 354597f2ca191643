/**
 * The board a viewer sees (OC: open information, spec 4), drawn from the view: areas and points, the units on the
 * map with their steps and marks, control, VP and the phase.
 */
import {
  type Board,
  type Connection,
  type Geometry,
  type Piece,
  type Space,
  turnTrack,
} from '../../../engine/board.ts';
import { landShapes } from '../../../engine/geography.ts';
import type { Viewer } from '../../../engine/types.ts';
import { owed } from '../rules/owed.ts';
import type { Text } from '../../../engine/words.ts';
import { preferenceText } from '../orders/text-format.ts';
import { indexOf, type OcSide, type OcState, type OcUnitStatus } from '../state.ts';
import { view } from './view.ts';

const SIDES = {
  british: { name: { en: 'British', ja: 'イギリス軍' }, colour: '#c8a25a' },
  axis: { name: { en: 'Axis', ja: '枢軸軍' }, colour: '#6b7b5a' },
} as const;
const FILL: Record<string, string> = { german: '#9aa58c', italian: '#c9d3a5', british: '#e8cf94' };

/** An area's outline on the real theatre (drawn under the roads, points and pieces), else its panel. */
function areaGeometry(s: OcState, a: OcState['data']['areas'][number]): Geometry {
  const region = s.data.geography?.regions[a.id];
  if (region) return { shape: 'polygon', points: region.outline, anchor: region.anchor, label: region.label };
  return { shape: 'rect', x: a.rect[0], y: a.rect[1], width: a.rect[2], height: a.rect[3] };
}

function spaces(s: OcState): Space[] {
  const out: Space[] = s.data.areas.map((a) => ({
    id: a.id,
    kind: 'area',
    // The area's name carries its number ("Area 01 (Gazala)"): no code printed before it.
    name: a.name,
    geometry: areaGeometry(s, a),
    terrain: 'desert',
  }));
  for (const p of s.data.points) {
    const notes = [
      ...(p.town ? [{ en: 'town', ja: '町' }] : []),
      ...(p.fortress
        ? [{ en: `fortress (${SIDES[p.fortress.side].name.en})`, ja: `要塞(${SIDES[p.fortress.side].name.ja})` }]
        : []),
      ...(p.offMap
        ? [
            {
              en: `off map, ${SIDES[p.offMap.side].name.en} supply source`,
              ja: `マップ外、${SIDES[p.offMap.side].name.ja}補給源`,
            },
          ]
        : []),
    ];
    const owner = s.control[p.id];
    out.push({
      id: p.id,
      kind: 'point',
      name: p.name,
      geometry: { shape: 'point', x: p.x, y: p.y },
      ...(notes.length ? { notes } : {}),
      ...(owner ? { owner } : {}),
      ...(p.id === s.data.tobruk || p.id === s.data.bardia ? { vp: p.id === s.data.tobruk ? 2 : 1 } : {}),
    });
  }
  return out;
}

function pieces(s: OcState): Piece[] {
  const ix = indexOf(s.data);
  return s.data.units
    .filter((u) => s.units[u.id].status === 'map')
    .map((u) => {
      const st = s.units[u.id];
      const marks = [
        ...(st.faceDown ? [{ en: 'face down', ja: '裏向き' }] : []),
        ...(st.outOfSupply ? [{ en: 'out of supply', ja: '補給切れ' }] : []),
      ];
      return {
        id: u.id,
        at: st.at!,
        side: u.side,
        kind: u.arm,
        name: u.name,
        label: u.short,
        strength: `${ix.unit.get(u.id)!.hit}-${u.ma}`,
        steps: { left: st.steps, full: u.steps },
        ...(u.steps > st.steps ? { damage: u.steps - st.steps } : {}),
        colours: { fill: FILL[u.nation], ...(u.tobruk ? { band: '#c0392b' } : {}) },
        ...(marks.length ? { marks } : {}),
      };
    });
}

const STATUS_TEXT: Record<OcUnitStatus, Text> = {
  map: { en: 'on the map', ja: 'マップ上' },
  routed: { en: 'routed', ja: '敗走' },
  eliminated: { en: 'eliminated', ja: '除去' },
  removed: { en: 'removed', ja: '取り除き' },
  'broken-through': { en: 'broken through', ja: '突破' },
};

const PHASE_TEXT = {
  setup: { en: 'British set-up', ja: 'イギリス軍の配置' },
  reorganise: { en: 'Reorganisation', ja: '再編成フェイズ' },
  activate: { en: 'Operations', ja: '作戦フェイズ' },
  counterattack: { en: 'Counterattack', ja: '反撃' },
  targets: { en: 'Attack targets', ja: '攻撃目標' },
  over: { en: 'Game over', ja: 'ゲーム終了' },
} as const;

/** The board a viewer sees. */
export function board(state: OcState, viewer: Viewer): Board {
  const s = view(state, viewer);
  const connections: Connection[] = s.data.roads.map((r) => ({
    from: r.from,
    to: r.to,
    kind: r.kind === 'coastal' ? 'road' : 'minor-road',
  }));
  // OC 2.1: the areas adjacent to each other and the points each area touches (listed, not drawn).
  for (const a of s.data.areas) {
    for (const n of a.neighbours)
      if (a.id < n) connections.push({ from: a.id, to: n, kind: 'adjacent', implicit: true });
    for (const p of a.points) connections.push({ from: a.id, to: p, kind: 'adjacent', implicit: true });
  }
  const gone = s.data.units.filter((u) => s.units[u.id].status !== 'map');
  const notes = gone.map((u) => {
    const st = s.units[u.id];
    const when = st.status === 'routed' ? ` (turn ${st.returnTurn})` : '';
    const whenJa = st.status === 'routed' ? `(ターン${st.returnTurn}に復帰)` : '';
    const status = STATUS_TEXT[st.status];
    return { en: `${u.name.en}: ${status.en}${when}`, ja: `${u.name.ja}: ${status.ja}${whenJa}` };
  });
  const over = s.phase.kind === 'over' ? s.phase : null;
  return {
    title: { en: `Operation Crusader, turn ${s.turn}`, ja: `クルセイダー作戦 ターン${s.turn}` },
    sides: (['british', 'axis'] as OcSide[]).map((id) => ({ id, ...SIDES[id] })),
    map: {
      ...s.data.map,
      ...(s.data.geography ? { shapes: landShapes(s.data.geography, '#efe3c2', '#8f7a4c') } : {}),
      background: s.data.geography ? '#bcd6ea' : '#efe3c2',
      terrain: { desert: { name: { en: 'desert area', ja: '砂漠エリア' }, fill: '#f3e7c6', stroke: '#b49c66' } },
    },
    spaces: spaces(s),
    connections,
    pieces: pieces(s),
    tracks: [
      turnTrack(s.data.turns, s.turn),
      {
        id: 'vp',
        kind: 'score',
        name: { en: 'VP (+ British, − Axis)', ja: 'VP(+イギリス軍、−枢軸軍)' },
        min: -s.data.vpCap,
        max: s.data.vpCap,
        origin: 0,
        markers: [{ value: s.vp }],
      },
    ],
    summary: {
      turn: s.turn,
      lastTurn: s.options.lastTurn,
      phase: PHASE_TEXT[s.phase.kind],
      scores: [{ label: { en: 'VP (British +)', ja: 'VP(イギリス軍+)' }, value: s.vp, signed: true }],
      toMove: owed(s).map((w) => ({ seat: w.seat, name: SIDES[w.seat as OcSide].name })),
      ...(over ? { result: over.reason } : {}),
    },
    notes: [
      { en: 'Map and counters reconstructed (docs/operation-crusader.md).', ja: 'マップと駒は再構成です。' },
      ...notes,
      ...standingNotes(s),
    ],
  };
}

function standingNotes(s: OcState) {
  return (['british', 'axis'] as const).flatMap((side) => {
    const st = s.standing[side];
    const out = [];
    const label = (l: 'en' | 'ja') => (id: string) => indexOf(s.data).name.get(id)?.[l] ?? id;
    if (st.counterattack)
      out.push({
        en: `${SIDES[side].name.en} standing counterattack: ${preferenceText(st.counterattack, 'en', label('en'))}`,
        ja: `${SIDES[side].name.ja}の常備反撃指示: ${preferenceText(st.counterattack, 'ja', label('ja'))}`,
      });
    if (st.queue?.length)
      out.push({
        en: `${SIDES[side].name.en} queued activations: ${st.queue.length}`,
        ja: `${SIDES[side].name.ja}の予約活性化: ${st.queue.length}`,
      });
    return out;
  });
}
