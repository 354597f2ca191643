/**
 * Positions for adjudication tests (spec section 6): a compact description over a fresh game. Units given for an
 * area replace that area's units; `order` is this turn's activation order and `active` the nation now owing D1.
 */
import { ALLIES, type Nation } from '../data/schema.ts';
import { defaultData } from '../data/default-data.ts';
import { fnOptionsSchema } from '../options.ts';
import { setup } from './setup.ts';
import type { FnState } from '../state.ts';
import type { Standing } from '../orders/schema.ts';

/** A fixture description. */
export interface FnFixture {
  mode?: string;
  options?: Record<string, unknown>;
  turn?: number;
  /** France's slot (1-6) in this turn's order (FN 5.0[6]); default 1. */
  franceSlot?: number;
  /** The nation now active (default the first of the order). */
  active?: Nation;
  units?: Record<string, Partial<Record<Nation, number>>>;
  atWar?: Partial<Record<string, boolean>>;
  morale?: number;
  frenchDeclared?: boolean;
  standing?: Record<string, Standing>;
}

/** Builds the state of a fixture, on the shipped data set or on `data` when given (a whole parsed set). */
export function positionFromFixture(spec: unknown, data?: unknown): FnState {
  const f = (spec ?? {}) as FnFixture;
  const options = fnOptionsSchema.parse(f.options ?? {});
  const s = setup({
    mode: f.mode ?? 'two-player',
    options,
    data: (data as typeof defaultData | undefined) ?? defaultData,
  });
  const slot = f.franceSlot ?? 1;
  s.turn = f.turn ?? 1;
  s.order = [...ALLIES.slice(0, slot - 1), 'france', ...ALLIES.slice(slot - 1)];
  s.cursor = f.active ? s.order.indexOf(f.active) : 0;
  s.phase = { kind: 'activate' };
  for (const [area, units] of Object.entries(f.units ?? {})) {
    for (const n of Object.keys(s.units[area]) as Nation[]) s.units[area][n] = units[n] ?? 0;
  }
  for (const [a, w] of Object.entries(f.atWar ?? {})) if (w !== undefined) s.atWar[a as (typeof ALLIES)[number]] = w;
  if (f.morale !== undefined) s.morale = f.morale;
  if (f.frenchDeclared) s.frenchDeclared = true;
  if (f.standing) s.standing = structuredClone(f.standing);
  return s;
}
