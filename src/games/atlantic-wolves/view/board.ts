/**
 * The Atlantic Wolves board for a viewer, built from its view (view.ts), so that it carries only what that viewer
 * may see: the five sea areas as panels with their capacities this turn (AW 6.0-C1, AW 10.0-E2), the units on them
 * (face-down Allied units as backs, AW 6.0-Step3), the units in use off the map, the Turn Table and the German VP
 * Table (AW 1.1). Positions and colours come from ../data/board-layout.ts.
 */
import {
  type Board,
  type Connection,
  type Piece,
  type PieceColours,
  type Space,
  type Track,
  turnTrack,
} from '../../../engine/board.ts';
import { landShapes } from '../../../engine/geography.ts';
import type { Text, Viewer } from '../../../engine/types.ts';
import type { AwData } from '../data/schema.ts';
import {
  AREA_POSITIONS,
  COUNTER_COLOURS,
  FRAME,
  LAND,
  LAND_SHAPES,
  PANEL_WIDTH,
  PHASE_NAMES,
  SIDE_STYLE,
  TURN_TAGS,
  TYPE_TAGS,
  VP_TINTS,
} from '../data/board-layout.ts';
import type { AwState } from '../state.ts';
import { view, type AreaView, type AwView, type UnitView } from './view.ts';

const same = (s: string): Text => ({ en: s, ja: s });
const VP_TABLE: Text = { en: 'German VP table', ja: 'ドイツ軍VP表' };

/** The board a viewer sees of a state. */
export function board(s: AwState, viewer: Viewer): Board {
  return boardFromView(view(s, viewer), s.data);
}

/** Counter colours by type and nationality (AW 1.21[3]). */
function coloursOf(u: UnitView): PieceColours {
  if (u.type === 'convoy') return { fill: COUNTER_COLOURS.convoy };
  if (u.type === 'UB') return { fill: COUNTER_COLOURS.ub };
  // The tactical air force is green and yellow-red: the lower-right half in British colours.
  if (u.type === 'air') return { fill: COUNTER_COLOURS.us, split: COUNTER_COLOURS.gb };
  if (u.nationality === 'US') return { fill: COUNTER_COLOURS.us };
  return { fill: COUNTER_COLOURS.gb, band: COUNTER_COLOURS.band };
}

/** A unit whose front the viewer sees, as a counter: type, number (☆), strength (a CVE's twice), VP, damage. */
function pieceOf(u: UnitView, at: string): Piece {
  const strength = u.type === 'CVE' ? `${u.strength} ${u.strength}` : String(u.strength);
  return {
    id: u.id,
    at,
    side: u.type === 'UB' ? 'german' : 'allied',
    kind: u.type,
    name: u.name,
    label: same(TYPE_TAGS[u.type] ?? u.type),
    number: `${u.star ? '☆' : ''}${u.number}`,
    strength,
    ...(u.type === 'convoy' ? { note: same(`VP${u.vp}`) } : {}),
    ...(u.damage ? { damage: u.damage } : {}),
    ...(u.face === 'down' ? { placedFaceDown: true } : {}),
    ...(u.attacked ? { marks: [{ en: 'attacked', ja: '攻撃済み' }] } : {}),
    colours: coloursOf(u),
  };
}

function areaPieces(a: AreaView): Piece[] {
  const allied = a.allied.map(
    (u): Piece => ('hidden' in u ? { id: u.id, at: a.id, side: 'allied', kind: '', faceDown: true } : pieceOf(u, a.id)),
  );
  return [...allied, ...a.german.map((u) => pieceOf(u, a.id))];
}

/** An area panel: its 配置数 and how many units of each side stand there against their limits. */
function areaSpace(a: AreaView, placed: boolean): Space {
  const pos = AREA_POSITIONS[a.id];
  return {
    id: a.id,
    kind: 'area',
    code: a.id, // the id orders and capacity hints use (AF, AM, ...)
    name: a.name,
    ...(placed ? { geometry: { shape: 'rect', x: pos[0], y: pos[1], width: PANEL_WIDTH } } : {}),
    terrain: 'sea',
    notes: [{ en: `cap. ${a.capacity}`, ja: `配置数 ${a.capacity}` }],
    limits: [
      { side: 'allied', label: SIDE_STYLE.allied.name, count: a.allied.length, max: a.capacity }, // AW 6.0-C1
      { side: 'german', label: same('UB'), count: a.german.length, max: a.ubCapacity }, // AW 7.0, 10.0-E2
    ],
    sides: ['allied', 'german'],
  };
}

function connectionsOf(areas: AreaView[]): Connection[] {
  const out: Connection[] = [];
  for (const a of areas) for (const b of a.adjacent) if (a.id < b) out.push({ from: a.id, to: b, kind: 'adjacent' });
  return out;
}

function tracksOf(v: AwView, data: AwData): Track[] {
  const labels: Record<number, Text> = {};
  for (const t of data.turns) labels[t.turn] = TURN_TAGS[t.turn] ?? t.label;
  const clamp = v.options.vpTable === 'clamp' ? { min: data.vpTrack.min, max: data.vpTrack.max } : {}; // AW-A03 R2
  return [
    { ...turnTrack(data.turns.length, v.turn), labels },
    {
      id: 'vp',
      kind: 'score',
      name: VP_TABLE,
      ...clamp,
      origin: 0,
      markers: [{ value: v.table, side: 'german' }],
      tints: VP_TINTS,
    },
  ];
}

function resultOf(v: AwView): Text | undefined {
  const r = v.result;
  if (!r) return undefined;
  const who = SIDE_STYLE[r.winner].name;
  return { en: `${who.en} victory (${r.rule})`, ja: `${who.ja}の勝利 (${r.rule})` };
}

/** The board of a view (the data set gives the Turn Table and whether its values are reconstructed). */
export function boardFromView(v: AwView, data: AwData): Board {
  const placed = v.areas.every((a) => AREA_POSITIONS[a.id]);
  const spaces = v.areas.map((a) => areaSpace(a, placed));
  const pieces = v.areas.flatMap(areaPieces);
  const used = [...v.offMap.allied.used.units, ...v.offMap.german.used.units].map((u) => pieceOf(u, 'used'));
  if (used.length) {
    spaces.push({ id: 'used', kind: 'holding', name: { en: 'In use, off the map', ja: '使用中（盤外）' } });
    pieces.push(...used);
  }
  const result = resultOf(v);
  return {
    title: { en: `Atlantic Wolves, turn ${v.turn}`, ja: `大西洋の狼 第${v.turn}ターン` },
    sides: [
      { id: 'allied', ...SIDE_STYLE.allied, back: COUNTER_COLOURS.back },
      { id: 'german', ...SIDE_STYLE.german, back: COUNTER_COLOURS.back },
    ],
    map: { ...FRAME, shapes: data.geography ? landShapes(data.geography, LAND.fill, LAND.stroke) : [...LAND_SHAPES] },
    spaces,
    connections: connectionsOf(v.areas),
    pieces,
    tracks: tracksOf(v, data),
    summary: {
      turn: v.turn,
      lastTurn: data.turns.length,
      turnLabel: v.turnLabel,
      phase: PHASE_NAMES[v.phase.kind] ?? same(v.phase.kind),
      scores: [{ label: VP_TABLE, value: v.table, signed: true }],
      toMove: v.owed.map((o) => ({
        seat: o.seat,
        name: SIDE_STYLE[o.seat as 'allied' | 'german']?.name ?? same(o.seat),
      })),
      ...(result ? { result } : {}),
    },
    ...(data.reconstructed.length ? { notes: [{ en: 'reconstructed data', ja: '推定データ' }] } : {}),
  };
}
