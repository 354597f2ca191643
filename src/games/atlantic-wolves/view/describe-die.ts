/** Die events: what a die was rolled for (its kind: rules/dice-purposes.ts), its result, the rule it rests on. */
import type { GameEvent } from '../../../engine/types.ts';
import { awDieWhat, readAwDie } from '../rules/dice-purposes.ts';
import { num, type Say, sentence } from './describe-words.ts';

/** A die: "UB 1 attacks Convoy OG: d6 = 4 (AW 8.3[3])", or its recorded purpose when this game did not write it. */
export function describeDie(e: GameEvent, { lc, ja }: Say): string {
  const sides = num(e.sides);
  const value = num(e.value);
  const purpose = typeof e.purpose === 'string' ? e.purpose : '';
  const roll = `d${sides} = ${value}`;
  const die = readAwDie(purpose);
  if (die) {
    const what = awDieWhat(die, sides)[lc];
    // A draw reads "…から）: サイコロ d6 = 3" in Japanese: the die comes after the colon.
    const draw = die.kind === 'blind-draw' || die.kind === 'reinforcement-draw';
    return sentence(ja && draw ? `${what}: サイコロ ${roll}` : `${what}: ${roll}`, lc, die.rule);
  }
  if (!purpose) return sentence(ja ? `サイコロ ${roll}` : `Die roll: ${roll}`, lc);
  return sentence(ja ? `サイコロ ${roll}（${purpose}）` : `Die roll ${roll} (${purpose})`, lc);
}
