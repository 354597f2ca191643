/** Who owes orders at each decision point (spec 5.1: D0 start, D1-D5 activation, D6 allocation, D3 after 9.33). */
import type { Owed, SeatId, Text } from '../../../engine/types.ts';
import { activeNation, FRANCE_SEAT, type FnState, nationName, seatOf } from '../state.ts';

/**
 * The seat that owes orders, or null once the game is over: what `owedPoint` names, without its prompt (asked at
 * every step of play by the players, validation and the invariants, which need only the seat).
 */
export function owingSeat(s: FnState): SeatId | null {
  const kind = s.phase.kind;
  if (kind === 'over') return null;
  if (kind === 'start' || kind === 'allocate' || kind === 'surrenderReinforce') return FRANCE_SEAT;
  return seatOf(s, activeNation(s)!) ?? null;
}

/** The owed point of a state: seat, point id, rule and prompt. */
export function owedPoint(s: FnState): Owed | null {
  const p = s.phase;
  if (p.kind === 'over') return null;
  if (p.kind === 'start') {
    const prompt: Text = {
      en: 'roll for the first activation order (ROLL)',
      ja: '最初の活動順を決めるダイスを振る（振る）',
    };
    return { seat: FRANCE_SEAT, point: 'FN-D0', rule: 'FN 5.0[6]', prompt };
  }
  if (p.kind === 'allocate') {
    const id = p.combat.areas[0];
    // The area by its name (the name table's), never its id.
    const area = s.data.areas.find((a) => a.id === id)?.name ?? { en: id, ja: id };
    const prompt = {
      en: `allocate the French dice in ${area.en} among the Allied nations`,
      ja: `${area.ja}でのフランス軍ダイスを連合国に配分`,
    };
    return { seat: FRANCE_SEAT, point: 'FN-D6', rule: 'FN 9.21[1]', prompt };
  }
  if (p.kind === 'surrenderReinforce') {
    const prompt = {
      en: 'France surrendered: how many units to place in France',
      ja: 'フランス降伏: フランスに配置するユニット数',
    };
    return { seat: FRANCE_SEAT, point: 'FN-D3', rule: 'FN 9.33[1]', prompt };
  }
  const n = activeNation(s)!;
  const name = nationName(s, n);
  const seat: SeatId = seatOf(s, n);
  if (p.kind === 'moveOn') {
    const prompt = {
      en: `${name.en}: move the units that have not moved yet`,
      ja: `${name.ja}: まだ移動していないユニットの移動`,
    };
    return { seat, point: 'FN-D4', rule: 'FN 9.1[4], FN-A12', prompt };
  }
  if (p.kind === 'combatOrder') {
    const prompt = { en: `${name.en}: the order of the combats`, ja: `${name.ja}: 戦闘の順番` };
    return { seat, point: 'FN-D5', rule: 'FN 9.2[5]', prompt };
  }
  return { seat, point: 'FN-D1', rule: 'FN 6.0[3]', prompt: activityPrompt(name, s.turn) };
}

/** The D1 prompt of a nation (by its name) in a turn, made once: it is asked at nearly every step of play. */
function activityPrompt(name: Text, turn: number): Text {
  let byTurn = activityPrompts.get(name);
  if (!byTurn) {
    byTurn = [];
    activityPrompts.set(name, byTurn);
  }
  byTurn[turn] ??= Object.freeze({
    en: `${name.en}: choose the activity (turn ${turn})`,
    ja: `${name.ja}: 活動を選ぶ（第${turn}ターン）`,
  });
  return byTurn[turn];
}
const activityPrompts = new WeakMap<Text, Text[]>();

/** The package's `owed`. */
export const owed = (s: FnState): Owed[] => {
  const p = owedPoint(s);
  return p ? [p] : [];
};
