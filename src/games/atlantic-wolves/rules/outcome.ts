/**
 * Who won (AW 9.0[8]): the result the VP check left in the state, as the package's `outcome`, with the reason in
 * English and Japanese.
 */
import type { Outcome } from '../../../engine/types.ts';
import type { AwState } from '../state.ts';

/** The final result, or null while the game goes on. */
export function outcome(s: AwState): Outcome | null {
  if (!s.result) return null;
  const r = s.result;
  const en =
    r.winner === 'german'
      ? `German victory: the German VP Table stands at ${r.table} after turn ${r.turn}.`
      : `Allied victory: the German VP Table stands at ${r.table} after turn ${r.turn}.`;
  const ja =
    r.winner === 'german'
      ? `ドイツ軍の勝利: 第${r.turn}ターン終了時のドイツ軍VP表は${r.table}。`
      : `連合軍の勝利: 第${r.turn}ターン終了時のドイツ軍VP表は${r.table}。`;
  return { winner: r.winner, reason: { en, ja }, rule: r.rule, table: r.table, turn: r.turn };
}
