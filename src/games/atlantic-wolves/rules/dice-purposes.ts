/**
 * Every die Atlantic Wolves rolls, as data: its kind, the rule it rests on and what it decides. The recorded
 * purpose stays the text the game has always written (records and golden traces are byte-identical), so writing
 * that text and reading it back live here together, one the inverse of the other; the describer and the
 * contract's `dicePurpose` work from the structured value.
 */
import type { DicePurpose, DieEvent, Text } from '../../../engine/types.ts';

/** A die of Atlantic Wolves, by what it decides. `rule` is the rule id the recorded text starts with. */
export type AwDie =
  | { kind: 'response'; rule: string; roll: number; digit: 'tens' | 'ones' } // AW 12.0-3: a response roll's two dice
  | { kind: 'attack'; rule: string; attacker: string; target: string } // AW 8.1, 8.2, 8.3: one attack
  | { kind: 'step2'; rule: string; which: 'first' | 'second' } // AW 6.0-Step2: the 2d6 of standard placement
  | { kind: 'blind-draw'; rule: string } // AW 6.0-Step2: a unit drawn blind from the Step-1 pool
  | { kind: 'reinforcement-draw'; rule: string; side: 'allied' | 'german' }; // AW 5.0: a unit drawn from the cup

/** The text of a response die (AW 12.0-3; the first die is the tens digit, AW-A25). */
export const responseDieText = (roll: number, digit: 'tens' | 'ones'): string =>
  `AW 12.0-3 roll ${roll} ${digit === 'tens' ? 'first die (tens)' : 'second die (ones)'}`;
/** The text of an attack die: `rule` is AW 8.1 (air), 8.2 (escort ship) or 8.3 (UB). */
export const attackDieText = (rule: string, attacker: string, target: string): string =>
  `${rule} ${attacker} attacks ${target}`;
/** The texts of the two dice of standard Allied placement (AW 6.0-Step2). */
export const STEP2_DICE = ['AW 6.0-Step2 first die', 'AW 6.0-Step2 second die'] as const;
/** The text of a blind draw from the Step-1 pool (AW 6.0-Step2). */
export const BLIND_DRAW = 'AW 6.0-Step2 blind draw';
/** The text of a draw from a side's cup of unused units (AW 5.0). */
export const reinforcementDrawText = (side: 'allied' | 'german'): string => `AW 5.0 ${side} reinforcement draw`;

/** The text a die is recorded as (what the builders above write). */
export function awDieText(d: AwDie): string {
  switch (d.kind) {
    case 'response':
      return `${d.rule} roll ${d.roll} ${d.digit === 'tens' ? 'first die (tens)' : 'second die (ones)'}`;
    case 'attack':
      return attackDieText(d.rule, d.attacker, d.target);
    case 'step2':
      return `${d.rule} ${d.which} die`;
    case 'blind-draw':
      return `${d.rule} blind draw`;
    case 'reinforcement-draw':
      return `${d.rule} ${d.side} reinforcement draw`;
  }
}

/** Reads a recorded purpose back (the inverse of `awDieText`); null for text this game does not write. */
export function readAwDie(text: string): AwDie | null {
  // The same reading the describer has always made (a prefix for response dice), so older records read alike.
  const m = /^(AW \S+)\s*(.*)$/.exec(text);
  if (!m) return null;
  const [, rule, rest] = m;
  const response = /^roll (\d+) (first|second) die/.exec(rest);
  if (response)
    return { kind: 'response', rule, roll: Number(response[1]), digit: response[2] === 'first' ? 'tens' : 'ones' };
  const attack = /^(\S+) attacks (\S+)$/.exec(rest);
  if (attack) return { kind: 'attack', rule, attacker: attack[1], target: attack[2] };
  const step2 = /^(first|second) die$/.exec(rest);
  if (step2 && rule.includes('Step2')) return { kind: 'step2', rule, which: step2[1] as 'first' | 'second' };
  if (rest === 'blind draw') return { kind: 'blind-draw', rule };
  const draw = /^(allied|german) reinforcement draw$/.exec(rest);
  if (draw) return { kind: 'reinforcement-draw', rule, side: draw[1] as 'allied' | 'german' };
  return null;
}

const SIDE: Record<'allied' | 'german', Text> = {
  allied: { en: 'Allied', ja: '連合軍' },
  german: { en: 'German', ja: 'ドイツ軍' },
};

/** What a die decides, in words; `sides` is the number of units a draw was made from. */
export function awDieWhat(d: AwDie, sides: number): Text {
  switch (d.kind) {
    case 'response':
      return d.digit === 'tens'
        ? { en: `Response roll ${d.roll}, tens die`, ja: `対応移動${d.roll}回目、十の位のサイコロ` }
        : { en: `Response roll ${d.roll}, ones die`, ja: `対応移動${d.roll}回目、一の位のサイコロ` };
    case 'attack':
      return { en: `${d.attacker} attacks ${d.target}`, ja: `${d.attacker}が${d.target}を攻撃、サイコロ` };
    case 'step2':
      return d.which === 'first'
        ? { en: 'Allied placement Step 2, first die', ja: '連合軍の配置（手順2）、1個目のサイコロ' }
        : { en: 'Allied placement Step 2, second die', ja: '連合軍の配置（手順2）、2個目のサイコロ' };
    case 'blind-draw':
      return {
        en: `Step 2 blind draw from the ${sides} units left`,
        ja: `手順2の無作為抽出（残り${sides}ユニットから）`,
      };
    case 'reinforcement-draw':
      return {
        en: `${SIDE[d.side].en} reinforcement draw from ${sides} unused units`,
        ja: `${SIDE[d.side].ja}の増強の抽選（未使用${sides}ユニットから）`,
      };
  }
}

/** The contract's `dicePurpose` for Atlantic Wolves: the rule and what a recorded die decided, or null. */
export function awDicePurpose(event: DieEvent): DicePurpose | null {
  const d = typeof event.purpose === 'string' ? readAwDie(event.purpose) : null;
  return d ? { rule: d.rule, what: awDieWhat(d, event.sides) } : null;
}
