/**
 * D2 in the order text, read and written: how many blind-drawn units go to each area in the standard game's
 * Allied placement (AW 6.0-Step2), or the standing plan of area slots.
 */
import type { AwOrders } from '../schema.ts';
import { err, type Item, ok, type Parsed } from './items.ts';

const form = () => err('step2-form', 'write STEP2 <area> <count>, ...', 'STEP2 <エリア> <数>, ... と書いてください');

/** Area counts and slots read from `WA 3, CG 2`, `3 WA 2 CG` or (plan) `WA WA CG`; an error for anything else. */
function step2Slots(xs: Item[], plan: boolean): { counts: Record<string, number>; slots: string[] } | Parsed {
  const counts: Record<string, number> = {};
  const slots: string[] = [];
  let lastArea: string | undefined;
  let lastNum: number | undefined;
  for (const x of xs) {
    if (x.t === 'area') {
      if (lastNum !== undefined) {
        counts[x.id] = (counts[x.id] ?? 0) + lastNum;
        for (let k = 0; k < lastNum; k++) slots.push(x.id);
        lastNum = undefined;
        lastArea = undefined;
      } else {
        if (plan) slots.push(x.id);
        lastArea = x.id;
      }
    } else if (x.t === 'num') {
      if (x.n > 12) return err('step2-count', 'at most 12 units are drawn (2d6)', '引けるのは最大12ユニットです (2d6)');
      if (lastArea !== undefined) {
        counts[lastArea] = (counts[lastArea] ?? 0) + x.n;
        if (plan) for (let k = 1; k < x.n; k++) slots.push(lastArea);
        else for (let k = 0; k < x.n; k++) slots.push(lastArea);
        lastArea = undefined;
      } else lastNum = x.n;
    } else if (x.t !== 'sep' && x.t !== 'arrow') {
      return form();
    }
  }
  return { counts, slots };
}

/** `STEP2 WA 3, CG 2` (area counts) and `STEP2 PLAN WA WA CG` (ordered slots, a standing order). */
export function step2Statement(xs: Item[], plan: boolean): Parsed {
  const read = step2Slots(xs, plan);
  if (read === null || 'kind' in read) return read;
  const { counts, slots } = read;
  if (plan) {
    if (!slots.length || slots.length > 12) {
      return err('step2-plan', 'STEP2 PLAN lists 1 to 12 area slots', 'STEP2 PLAN には1〜12のエリアを並べてください');
    }
    return ok((o) => {
      o.standing ??= {};
      o.standing.step2Plan = slots;
    });
  }
  if (!Object.keys(counts).length) return form();
  return ok((o) => {
    o.step2 ??= {};
    Object.assign(o.step2, counts);
  });
}

/** The `STEP2 WA 3, CG 2` line, areas sorted. */
export function writeStep2(o: AwOrders): string[] {
  const step2 = o.step2;
  if (!step2) return [];
  const parts = Object.keys(step2)
    .sort()
    .map((a) => `${a} ${step2[a]}`);
  return [`STEP2 ${parts.join(', ')}`];
}

/** The `STEP2 PLAN` line. */
export function writeStep2Plan(o: AwOrders): string[] {
  return o.standing?.step2Plan ? [`STEP2 PLAN ${o.standing.step2Plan.join(' ')}`] : [];
}
