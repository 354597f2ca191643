/**
 * A turn-level model of Grand Fleet against the random German player, solved exactly: the best British win chance
 * any choice of initiative dice (GF 7(b)[2]), declaration (7(b)[4]) and acceptance (7(b)[5-6]) can reach, given
 * what a decisive battle gives. Per turn (GF 4): from turn 2 the submarine warfare check (GF 7(a)): before the
 * outbreak, an outbreak ends the turn (7(a)[4-5]); after it, one roll on the USW Table (GF 9[4]). Then the initiative
 * dice, the offensive side on a difference of 2 or more, a forced battle on 4 or more (7(b)[4a]; the default
 * `forcedBattle: mayRefuse` lets the intercepting side still refuse, for 3 VP to the offensive side, 7(b)[6a]).
 * At the end of a turn a lead of 7 wins (GF 10[1b], 11[3]), and after turn 9 Britain wins unless Germany leads
 * (GF 11[1]). Left out: the North Sea maintenance numbers (GF 11[4-5]) and draws (11[6]).
 *
 * The random German (src/games/grand-fleet/orders/random-orders.ts) chooses the outbreak on a "Choice" half the
 * time, rolls two initiative dice half the time, declares a battle 6 times in 10 and accepts one 7 times in 10.
 */

/** A battle's VP for Britain, as chances of each value. */
export type Distribution = ReadonlyMap<number, number>;

export interface TurnModel {
  turns: number;
  /** VP for Britain of each USW Table row (GF 9[4]). */
  uswTable: readonly number[];
  /** The chance that the submarine warfare check brings the outbreak (GF 7(a)[2]) while it has not come. */
  outbreak: number;
  germanTwoDice: number;
  germanDeclares: number;
  germanAccepts: number;
  /** What a battle gives Britain: when Britain is the offensive side, and when Germany is. */
  britishOffensive: Distribution;
  germanOffensive: Distribution;
}

const WIN_LEAD = 7;
const REFUSAL_VP = 3;

/** The initiative dice of one side: its high die and whether two dice of one parity cost it 1 VP, with chances. */
function initiativeRolls(dice: 1 | 2): { high: number; penalty: number; p: number }[] {
  const out: { high: number; penalty: number; p: number }[] = [];
  for (let a = 1; a <= 6; a++) {
    if (dice === 1) out.push({ high: a, penalty: 0, p: 1 / 6 });
    else for (let b = 1; b <= 6; b++) out.push({ high: Math.max(a, b), penalty: a % 2 === b % 2 ? 1 : 0, p: 1 / 36 });
  }
  return out;
}

/** The model solved: the best British win chance, and what each initiative choice is worth. */
export interface SolvedModel {
  /** The best British win chance from the start of turn 1 at a level game. */
  best: number;
  /**
   * The British win chance at the initiative of turn `t` (the USW Table rolled, if due), VP `vp`, the outbreak come or
   * not, rolling `dice` initiative dice and choosing best from then on.
   */
  diceValue(t: number, vp: number, usw: boolean, dice: 1 | 2): number;
}

export function solveTurnModel(m: TurnModel): SolvedModel {
  const memo = new Map<string, number>();
  const remember = (key: string, work: () => number) => {
    let v = memo.get(key);
    if (v === undefined) {
      v = work();
      memo.set(key, v);
    }
    return v;
  };
  const expect = (d: Distribution, f: (x: number) => number) => {
    let total = 0;
    for (const [x, p] of d) total += p * f(x);
    return total;
  };

  /** The British chance at the end of turn `t` (lead checked), with the outbreak come or not. */
  const turnEnd = (t: number, vp: number, usw: boolean): number => {
    if (vp >= WIN_LEAD) return 1;
    if (vp <= -WIN_LEAD) return 0;
    return turnStart(t + 1, vp, usw);
  };
  const turnStart = (t: number, vp: number, usw: boolean): number =>
    remember(`s${t},${vp},${usw}`, () => {
      if (t > m.turns) return vp >= 0 ? 1 : 0;
      if (t === 1) return initiative(t, vp, usw);
      if (usw) return m.uswTable.reduce((sum, x) => sum + initiative(t, vp + x, true), 0) / m.uswTable.length;
      return m.outbreak * turnEnd(t, vp, true) + (1 - m.outbreak) * initiative(t, vp, false);
    });
  const diceValue = (t: number, vp: number, usw: boolean, britishDice: 1 | 2): number =>
    remember(`d${t},${vp},${usw},${britishDice}`, () => {
      let chance = 0;
      for (const [germanDice, q] of [
        [1, 1 - m.germanTwoDice],
        [2, m.germanTwoDice],
      ] as const)
        for (const b of initiativeRolls(britishDice))
          for (const g of initiativeRolls(germanDice)) {
            const v = vp - b.penalty + g.penalty;
            const diff = b.high - g.high;
            const end = (x: number) => turnEnd(t, x, usw);
            let value: number;
            if (diff >= 2) {
              const declared =
                m.germanAccepts * expect(m.britishOffensive, (x) => end(v + x)) +
                (1 - m.germanAccepts) * end(v + REFUSAL_VP);
              value = diff >= 4 ? declared : Math.max(declared, end(v));
            } else if (diff <= -2) {
              const answer = Math.max(
                expect(m.germanOffensive, (x) => end(v + x)),
                end(v - REFUSAL_VP),
              );
              const declares = diff <= -4 ? 1 : m.germanDeclares;
              value = declares * answer + (1 - declares) * end(v);
            } else value = end(v);
            chance += q * b.p * g.p * value;
          }
      return chance;
    });
  const initiative = (t: number, vp: number, usw: boolean): number =>
    Math.max(diceValue(t, vp, usw, 1), diceValue(t, vp, usw, 2));
  return { best: turnStart(1, 0, false), diceValue };
}
