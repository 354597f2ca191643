/** FN 11.0 French morale: it starts at 15 (data), falls and never rises, and never goes below 0 (FN-A25). */
import type { ResolveContext } from '../../../engine/types.ts';
import type { FnState } from '../state.ts';

/** Lowers French morale by `amount` (floor 0) and records why. */
export function lowerMorale(s: FnState, amount: number, ctx: ResolveContext, rule: string, cause: string): void {
  if (amount <= 0) return;
  const from = s.morale;
  s.morale = Math.max(0, s.morale - amount);
  if (!ctx.silent) ctx.emit({ type: 'morale', rule, from, to: s.morale, cause });
}

/** FN 11.0[3a]: each French unit removed costs 1 morale at once. */
export function loseFrenchUnits(s: FnState, count: number, ctx: ResolveContext, rule = 'FN 11.0[3a]'): void {
  lowerMorale(s, count, ctx, rule, 'units');
}
