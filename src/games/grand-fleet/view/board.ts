/**
 * The board a viewer sees: the North Sea hexes (GF 2-2), fleet markers (face down: a back only, GF 8[2][3]), both
 * fleet charts as boxes with ship counts per type (GF 2-3), the turn track and the VP track (GF 2-2[6-7]).
 */
import { type Board, type Piece, type Space, turnTrack } from '../../../engine/board.ts';
import { landShapes } from '../../../engine/geography.ts';
import type { Text, Viewer } from '../../../engine/types.ts';
import type { Side } from '../data/schema.ts';
import { pointOf } from '../rules/owed.ts';
import { type GfState, SIDE_ORDER, shipsOf, typeOf } from '../state.ts';

const COLOUR: Record<Side, string> = { british: '#d64545', german: '#3b6fd6' };
const NAME: Record<Side, Text> = {
  british: { en: 'Britain', ja: 'イギリス' },
  german: { en: 'Germany', ja: 'ドイツ' },
};
const same = (x: string): Text => ({ en: x, ja: x });

/** Hexes as spaces. */
function hexSpaces(s: GfState): Space[] {
  return s.data.hexes.map((h) => ({
    id: h.id,
    kind: 'hex' as const,
    // The number is the space's code, printed before its name: the name is the place alone.
    name: h.name ?? same(h.id),
    geometry: { shape: 'hex' as const, col: h.col, row: h.row },
    terrain: h.kind,
    code: h.id,
    ...(h.vp ? { vp: h.vp } : {}),
    ...(h.flag ? { owner: h.flag } : {}),
  }));
}

/** Off-map boxes of both fleet charts: the fleet box and DDbox 0-6, ships counted per type. */
function chartPieces(s: GfState): { spaces: Space[]; pieces: Piece[] } {
  const spaces: Space[] = [];
  const pieces: Piece[] = [];
  for (const side of SIDE_ORDER) {
    const group = { en: `${NAME[side].en} fleet chart`, ja: `${NAME[side].ja}艦隊チャート` };
    const boxes: [string, string, Text][] = [['fleet', `${side}-fleet-box`, { en: 'Fleet box', ja: '艦隊ボックス' }]];
    for (let b = 0; b <= 6; b++) boxes.push([`dd${b}`, `${side}-dd${b}`, same(`DDbox ${b}`)]);
    for (const [where, id, name] of boxes) {
      spaces.push({ id, kind: 'box', name, group });
      const ships = shipsOf(s, side, (p) => p === where);
      const types = [...new Set(ships.map((x) => typeOf(s, x).id))].sort();
      for (const t of types) {
        const of = ships.filter((x) => typeOf(s, x).id === t);
        pieces.push({
          id: `${id}-${t}`,
          at: id,
          side,
          kind: 'ships',
          label: same(t),
          // GF 2-3: the chart shows which ships are in each box, by name.
          name: shipNames(s, of),
          count: of.length,
          colours: { fill: COLOUR[side] },
        });
      }
    }
  }
  return { spaces, pieces };
}

/** The names of ships, in roster order. */
function shipNames(s: GfState, ids: string[]): Text {
  const byId = new Map(s.data.ships.map((x) => [x.id, x.name]));
  const list = (l: 'en' | 'ja') => ids.map((id) => byId.get(id)?.[l] ?? id).join(l === 'ja' ? '、' : ', ');
  return { en: list('en'), ja: list('ja') };
}

/** Fleet markers on the map: a face-down one shows its back and its slot only. */
function markerPieces(s: GfState): Piece[] {
  const b = s.battle;
  if (!b) return [];
  return b.markers
    .filter((m) => !m.out)
    .map((m) =>
      m.up
        ? {
            id: m.id,
            at: m.hex,
            side: m.side,
            kind: 'fleet-marker',
            label: same(String(m.fleet)),
            number: m.id,
            colours: { fill: COLOUR[m.side] },
          }
        : { id: m.id, at: m.hex, side: m.side, kind: '', faceDown: true },
    );
}

/** The board for a viewer (nothing on it depends on who looks: every secret stays off it). */
export function board(s: GfState, _viewer: Viewer): Board {
  const charts = chartPieces(s);
  const toMove = SIDE_ORDER.filter((side) => pointOf(s, side)).map((seat) => ({ seat, name: NAME[seat] }));
  const over = s.result
    ? {
        result: s.result.draw
          ? { en: 'Draw', ja: '引き分け' }
          : { en: `${NAME[s.result.winner!].en} wins`, ja: `${NAME[s.result.winner!].ja}の勝利` },
      }
    : {};
  return {
    title: { en: `Grand Fleet, turn ${s.turn}`, ja: `グランドフリート 第${s.turn}ターン` },
    sides: SIDE_ORDER.map((side) => ({ id: side, name: NAME[side], colour: COLOUR[side], back: COLOUR[side] })),
    map: mapOf(s),
    spaces: [...hexSpaces(s), ...charts.spaces],
    connections: [],
    pieces: [...markerPieces(s), ...charts.pieces],
    tracks: tracksOf(s),
    summary: {
      turn: s.turn,
      lastTurn: s.data.turns.length,
      turnLabel: s.data.turns[s.turn - 1],
      phase: phaseName(s),
      scores: [{ label: { en: 'British VP lead', ja: 'イギリスVPリード' }, value: s.vp, signed: true }],
      toMove,
      ...over,
    },
    notes: [
      {
        en: 'Map, roster and tables are reconstructed (NOT IN TEXT).',
        ja: 'マップ・艦艇・表は再構成値です（原文になし）。',
      },
    ],
  };
}

/**
 * The North Sea and its hex grid (GF 2-2): over the real coastlines when the data set has them, the hexes then
 * translucent so that the land shows through a hex partly cut off by it (GF 2-2[2]); else the grid alone.
 */
function mapOf(s: GfState): Board['map'] {
  const geo = s.data.geography;
  const tint = geo ? '99' : '';
  return {
    width: geo?.width ?? 8 * 52 + 60,
    height: geo?.height ?? 7 * 45 + 60,
    background: geo ? '#c9dcec' : '#dfe9f2',
    hexGrid: { size: 30, origin: [40, 40], ...geo?.hexGrid, orientation: 'pointy', coordinates: 'odd-r' },
    ...(geo ? { shapes: landShapes(geo, '#e6dfcc', '#9c9278') } : {}),
    terrain: {
      normal: { name: { en: 'Normal hex', ja: '通常ヘクス' }, fill: `#bcd6ea${tint}` },
      proximity: { name: { en: 'Proximity hex', ja: '近接ヘクス' }, fill: `#a9c8e3${tint}` },
      home: { name: { en: 'Home hex', ja: '本拠地ヘクス' }, fill: `#93b9dc${tint}` },
      prohibited: { name: { en: 'Prohibited hex', ja: '禁止ヘクス' }, fill: '#eeeeee', unused: true },
    },
  };
}

/** The turn track and the VP track (GF 2-2[6-7]). */
function tracksOf(s: GfState): Board['tracks'] {
  return [
    turnTrack(s.data.turns.length, s.turn),
    {
      id: 'vp',
      kind: 'score',
      name: { en: 'VP (British lead)', ja: 'VP（イギリスのリード）' },
      min: -7,
      max: 7,
      markers: [{ value: Math.max(-7, Math.min(7, s.vp)) }],
    },
  ];
}

/** The phase in words. */
function phaseName(s: GfState): Text {
  const k = s.phase.kind;
  if (k === 'over') return { en: 'Game over', ja: 'ゲーム終了' };
  if (k.startsWith('arm')) return { en: 'Armament phase', ja: '軍備フェイズ' };
  if (k === 'usw-choice' || k === 'initiative' || k === 'declare' || k === 'accept')
    return { en: 'Initiative phase', ja: '主導権フェイズ' };
  return { en: 'Decisive battle', ja: '決戦' };
}
