/** Who won: the result the end of the game recorded (GF 10, GF 11), as the service reports it in both languages. */
import type { Outcome } from '../../../engine/types.ts';
import type { GfState } from '../state.ts';

/** GF 10, GF 11: the result, or null while the game goes on. */
export function outcome(s: GfState): Outcome | null {
  const r = s.result;
  if (!r) return null;
  const lead = `VP ${r.vp >= 0 ? `Britain +${r.vp}` : `Germany +${-r.vp}`}`;
  const leadJa = `VP ${r.vp >= 0 ? `イギリス +${r.vp}` : `ドイツ +${-r.vp}`}`;
  const who = r.draw ? 'Draw' : r.winner === 'british' ? 'British victory' : 'German victory';
  const whoJa = r.draw ? '引き分け' : r.winner === 'british' ? 'イギリスの勝利' : 'ドイツの勝利';
  const why = {
    turns: 'after turn',
    lead: 'a lead of 7 VP at the end of turn',
    maintenance: 'the North Sea maintenance number at the end of turn',
    both: 'both sides meeting victory conditions at the end of turn',
  }[r.why];
  const whyJa = {
    turns: 'ターン終了',
    lead: 'ターン終了時に7VP以上のリード',
    maintenance: 'ターン終了時の北海維持数',
    both: 'ターン終了時に両軍が勝利条件を満たした',
  }[r.why];
  return {
    winner: r.winner,
    ...(r.draw ? { draw: true, winners: [] } : {}),
    reason: { en: `${who}: ${why} ${r.turn}, ${lead}.`, ja: `${whoJa}: 第${r.turn}${whyJa}、${leadJa}。` },
    rule: r.rule,
    vp: r.vp,
    turn: r.turn,
  };
}
