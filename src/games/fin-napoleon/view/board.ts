/** The board a viewer sees: the 14 areas as panels, each nation's armies as one counter per area, the morale track. */
import type { Board, Geometry, Piece, Space, TerrainStyle } from '../../../engine/board.ts';
import { landShapes } from '../../../engine/geography.ts';
import type { Text, Viewer } from '../../../engine/types.ts';
import { ALLIES, NATIONS } from '../data/schema.ts';
import { alliedVp, peaceVp } from '../rules/end.ts';
import { owedPoint } from '../rules/owed.ts';
import { areaIds, type FnState, nationName, unitsOf } from '../state.ts';
import { seatsOf } from '../state.ts';
import { view } from './view.ts';

const W = 150;
const H = 110;

const PHASE: Record<string, Text> = {
  start: { en: 'before the first turn', ja: '第1ターン前' },
  activate: { en: 'activation phase', ja: '活動フェイズ' },
  combatOrder: { en: 'combat (order of areas)', ja: '戦闘（エリアの順番）' },
  moveOn: { en: 'movement (after a sea roll)', ja: '移動（海上消耗の後）' },
  allocate: { en: 'combat (French dice allocation)', ja: '戦闘（フランス軍ダイス配分）' },
  surrenderReinforce: { en: 'French surrender', ja: 'フランス降伏' },
  over: { en: 'game over', ja: 'ゲーム終了' },
};

/** An area's outline on Europe when the data set has it, else its panel on the grid of `at`. */
function geometryOf(s: FnState, a: FnState['data']['areas'][number]): Geometry {
  const region = s.data.geography?.regions[a.id];
  if (region) return { shape: 'polygon', points: region.outline, anchor: region.anchor, label: region.label };
  return { shape: 'rect', x: a.at[0] * W + 5, y: a.at[1] * H + 5, width: W - 10, height: H - 10 };
}

function spaces(s: FnState): Space[] {
  const drawn = !!s.data.geography;
  return s.data.areas.map((a) => {
    const notes: Text[] = [];
    if (a.home && a.home !== 'france' && !s.atWar[a.home]) notes.push({ en: 'peace', ja: '和平' });
    return {
      id: a.id,
      kind: 'area',
      name: a.name,
      // On Europe each land area has a tint of its own (its nation's when it is a home area), the seas none.
      terrain: drawn && a.kind === 'land' ? `land-${a.id}` : a.kind,
      geometry: geometryOf(s, a),
      ...(a.home ? { owner: a.home, vp: s.data.chart[a.home].vp || undefined } : {}),
      ...(notes.length ? { notes } : {}),
    } as Space;
  });
}

function pieces(s: FnState): Piece[] {
  const out: Piece[] = [];
  for (const area of areaIds(s)) {
    for (const n of NATIONS) {
      const count = unitsOf(s, area, n);
      if (count === 0) continue;
      out.push({
        id: `${area}-${n}`,
        at: area,
        side: n,
        kind: 'army',
        name: nationName(s, n),
        count,
        strength: String(count),
        colours: { fill: s.data.chart[n].colour },
      });
    }
  }
  return out;
}

const LAND = { name: { en: 'land area', ja: '陸エリア' }, fill: '#e9dfc4', stroke: '#8a7a55' };
const SEA = { name: { en: 'sea area', ja: '海エリア' }, fill: '#bcd6ea', stroke: '#5a7a99' };
/** Tints of the land areas that are no nation's home (French satellites and provinces). */
const TINT: Record<string, string> = { SF: '#c9d6f2', RH: '#dccbe8', WA: '#efcdd6', IT: '#f3dcc0', WR: '#cfe5cf' };

/** A colour mixed with white (`keep` of the colour). */
function pale(hex: string, keep: number): string {
  const c = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `#${c
    .map((v) =>
      Math.round(255 - (255 - v) * keep)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * Europe with the areas as regions (land areas tinted, no outline but the coast; seas open water), or the panels'
 * grid when the data set has no geography.
 */
function mapOf(s: FnState): Board['map'] {
  const geo = s.data.geography;
  if (!geo) {
    const cols = Math.max(...s.data.areas.map((a) => a.at[0])) + 1;
    const rows = Math.max(...s.data.areas.map((a) => a.at[1])) + 1;
    return { width: cols * W + 10, height: rows * H + 10, background: '#f4efe2', terrain: { land: LAND, sea: SEA } };
  }
  const terrain: Record<string, TerrainStyle> = {
    land: LAND,
    sea: { ...SEA, fill: 'none', stroke: 'none' },
  };
  for (const a of s.data.areas) {
    if (a.kind !== 'land') continue;
    const fill = a.home ? pale(s.data.chart[a.home].colour, 0.35) : (TINT[a.id] ?? LAND.fill);
    terrain[`land-${a.id}`] = { name: a.name, fill, stroke: 'none' };
  }
  return {
    width: geo.width,
    height: geo.height,
    background: '#c6dbeb',
    shapes: landShapes(geo, '#e4e0d6', '#8f8a7c'),
    terrain,
  };
}

/**
 * Whether two land areas drawn on Europe share a border (their outlines have two corners apart in common): that
 * adjacency is then shown by the map itself and listed, not drawn as a line.
 */
function shareBorder(s: FnState, a: string, b: string): boolean {
  const ra = s.data.geography?.regions[a]?.outline;
  const rb = s.data.geography?.regions[b]?.outline;
  if (!ra || !rb) return false;
  const common = ra.filter((p) => rb.some((q) => Math.abs(p[0] - q[0]) < 1 && Math.abs(p[1] - q[1]) < 1));
  return common.some((p) => common.some((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) > 8));
}

const headings = (s: FnState): string[] => s.data.reconstructed.map((r) => r.split(':')[0].trim());

/** The package's `board`. */
export function board(state: FnState, viewer: Viewer): Board {
  const s = view(state, viewer);
  const owed = owedPoint(s);
  const names = Object.fromEntries(seatsOf(s.mode, s.options).map((x) => [x.seat, x.name]));
  return {
    title: { en: 'Fin-Napoleon 2.x (simplified)', ja: 'Fin-ナポレオン2.x簡略版' },
    sides: NATIONS.map((n) => ({ id: n, name: nationName(s, n), colour: s.data.chart[n].colour })),
    map: mapOf(s),
    spaces: spaces(s),
    connections: [
      ...s.data.land.map(([from, to]) => ({
        from,
        to,
        kind: 'adjacent' as const,
        ...(shareBorder(s, from, to) ? { implicit: true } : {}),
      })),
      ...s.data.sea.map(([from, to]) => ({ from, to, kind: 'sea' as const })),
    ],
    pieces: pieces(s),
    tracks: [
      {
        id: 'morale',
        kind: 'level',
        name: { en: 'French morale', ja: 'フランス士気' },
        min: 0,
        max: s.data.moraleStart,
        markers: [{ value: s.morale }],
      },
    ],
    summary: {
      turn: s.turn,
      phase: PHASE[s.phase.kind],
      scores: [
        { label: { en: 'French morale', ja: 'フランス士気' }, value: s.morale },
        { label: { en: 'VP of Allies at peace', ja: '和平中の連合国VP' }, value: peaceVp(s) },
        ...ALLIES.filter((a) => !s.atWar[a]).map((a) => ({
          label: { en: `${nationName(s, a).en} at peace`, ja: `${nationName(s, a).ja} 和平` },
          value: s.data.chart[a].vp,
        })),
        // FN 12.0[M][7]-[8]: each Allied player's VP if the Allies won now (start VP plus end VP).
        ...Object.entries(s.mode === 'two-player' ? {} : alliedVp(s)).map(([seat, value]) => ({
          label: { en: `${names[seat]?.en ?? seat} VP`, ja: `${names[seat]?.ja ?? seat} VP` },
          value,
        })),
      ],
      toMove: owed ? [{ seat: owed.seat, name: names[owed.seat] ?? { en: owed.seat, ja: owed.seat } }] : [],
      ...(s.result ? { result: s.result.reason } : {}),
    },
    // Each reconstructed value by its heading (what follows a colon is in docs/fin-napoleon.md): one line under the map.
    notes: [
      {
        en: `Reconstructed values: ${headings(s).join('; ')}.`,
        ja: `再構成した値: ${headings(s).join('、')}。`,
      },
    ],
  };
}
