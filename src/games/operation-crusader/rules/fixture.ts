/**
 * Positions for adjudication tests from a compact description: the units that stand (location, steps, flags), the
 * rest off the board (routed/removed as given, else removed), control changes, turn, VP, options, whose activation.
 */
import { ocDataSchema, type OcData } from '../data/schema.ts';
import { defaultData } from '../data/default-data.ts';
import { ocOptionsSchema } from '../options.ts';
import type { OcState, OcUnitState } from '../state.ts';
import { setupState } from './setup.ts';

/** A fixture position. */
export interface OcFixture {
  units?: Record<string, string | (Partial<OcUnitState> & { at: string })>;
  /** Keep the units not listed where the set-up puts them (default: only listed units stand). */
  keepOthers?: boolean;
  control?: Record<string, 'british' | 'axis'>;
  turn?: number;
  vp?: number;
  active?: 'british' | 'axis';
  options?: Record<string, unknown>;
  data?: Partial<OcData>;
  bardiaLost?: boolean;
  barredSources?: string[];
}

/** The positioned state, in the operations phase (D4) of the side given, on `data` when given (a whole data set). */
export function positionFromFixture(spec: unknown, base?: unknown): OcState {
  const f = (spec ?? {}) as OcFixture;
  const shipped = (base as OcData | undefined) ?? defaultData;
  const data = f.data ? ocDataSchema.parse({ ...shipped, ...f.data }) : shipped;
  const s = setupState(data, ocOptionsSchema.parse(f.options ?? {}));
  for (const u of data.units) {
    const given = f.units?.[u.id];
    if (given === undefined) {
      if (!f.keepOthers)
        s.units[u.id] = { status: 'removed', at: null, steps: u.steps, faceDown: false, outOfSupply: false };
      continue;
    }
    const g = typeof given === 'string' ? { at: given } : given;
    s.units[u.id] = { status: 'map', steps: u.steps, faceDown: false, outOfSupply: false, ...g };
  }
  Object.assign(s.control, f.control ?? {});
  s.turn = f.turn ?? 1;
  s.vp = f.vp ?? 0;
  s.active = f.active ?? 'british';
  s.first = s.active;
  s.bardiaLost = f.bardiaLost ?? false;
  s.barredSources = f.barredSources ?? [];
  s.phase = { kind: 'activate' };
  return s;
}
