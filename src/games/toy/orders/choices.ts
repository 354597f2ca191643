/** TOY 2: the legal choices of an owing seat, from which the form and the mail help are made. */
import type { ChoiceTree, SeatId } from '../../../engine/types.ts';
import { owed, PROMPT } from '../rules/owed.ts';
import type { ToyState } from '../state.ts';

/** The one choice of an owing seat: its pick. */
export function choices(state: ToyState, seat: SeatId): ChoiceTree | null {
  if (!owed(state).some((o) => o.seat === seat)) return null;
  const options = [1, 2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: { en: String(n), ja: String(n) } }));
  const label = { en: 'Your pick', ja: '選ぶ数' };
  const field = { key: 'pick', label, kind: 'one' as const, options, defaultValue: '1' };
  return { point: 'TOY-D1', rule: 'TOY 2', prompt: PROMPT, fields: [field], constraints: [] };
}
