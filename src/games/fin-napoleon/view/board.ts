/** The board a viewer sees: the 14 areas as panels, each nation's armies as one counter per area, the morale track. */
import type { Board, Piece, Space } from '../../../engine/board.ts';
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

function spaces(s: FnState): Space[] {
  return s.data.areas.map((a) => {
    const notes: Text[] = [];
    if (a.home && a.home !== 'france' && !s.atWar[a.home]) notes.push({ en: 'peace', ja: '和平' });
    return {
      id: a.id,
      kind: 'area',
      name: a.name,
      terrain: a.kind,
      geometry: { shape: 'rect', x: a.at[0] * W + 5, y: a.at[1] * H + 5, width: W - 10, height: H - 10 },
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

/** The package's `board`. */
export function board(state: FnState, viewer: Viewer): Board {
  const s = view(state, viewer);
  const owed = owedPoint(s);
  const names = Object.fromEntries(seatsOf(s.mode, s.options).map((x) => [x.seat, x.name]));
  const cols = Math.max(...s.data.areas.map((a) => a.at[0])) + 1;
  const rows = Math.max(...s.data.areas.map((a) => a.at[1])) + 1;
  return {
    title: { en: 'Fin-Napoleon 2.x (simplified)', ja: 'Fin-ナポレオン2.x簡略版' },
    sides: NATIONS.map((n) => ({ id: n, name: nationName(s, n), colour: s.data.chart[n].colour })),
    map: {
      width: cols * W + 10,
      height: rows * H + 10,
      background: '#f4efe2',
      terrain: {
        land: { name: { en: 'land area', ja: '陸エリア' }, fill: '#e9dfc4', stroke: '#8a7a55' },
        sea: { name: { en: 'sea area', ja: '海エリア' }, fill: '#bcd6ea', stroke: '#5a7a99' },
      },
    },
    spaces: spaces(s),
    connections: [
      ...s.data.land.map(([from, to]) => ({ from, to, kind: 'adjacent' as const })),
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
    notes: [
      {
        en: `Reconstructed values: ${s.data.reconstructed.join('; ')}.`,
        ja: `再構成した値: ${s.data.reconstructed.join('、')}。`,
      },
    ],
  };
}
