/** Validation of the armament decision points D2-D4 (GF 6). */
import type { RuleError } from '../../../engine/types.ts';
import { arrivals, redistributed } from '../rules/armament.ts';
import type { Side } from '../data/schema.ts';
import type { GfOrders } from './schema.ts';
import { type GfState, placeOf, shipsOf } from '../state.ts';
import { err } from './validate-error.ts';

/** D2: arriving ships only, numbered boxes within capacity (GF 6[3], [5]). */
export function reinforceErrors(s: GfState, plan: Record<string, number>): RuleError[] {
  const arriving = arrivals(s, 'british');
  const errors: RuleError[] = [];
  for (const id of Object.keys(plan))
    if (!arriving.includes(id))
      errors.push(
        err(
          'reinforce-ship',
          `${id} does not arrive this turn`,
          `${id} は今ターンの増強艦ではありません`,
          'GF 6[2]',
          `reinforce.${id}`,
        ),
      );
  for (let box = 1; box <= 6; box++) {
    const count =
      shipsOf(s, 'british', (p) => p === `dd${box}`).length + Object.values(plan).filter((b) => b === box).length;
    if (count > s.data.ddCapacity.british)
      errors.push(
        err(
          'capacity',
          `DDbox ${box} would hold ${count} ships (at most ${s.data.ddCapacity.british})`,
          `DDbox ${box} が ${count} 隻になります（上限 ${s.data.ddCapacity.british}）`,
          'GF 6[5]',
          'reinforce',
        ),
      );
  }
  return errors;
}

/** D3/D4: redistribution within capacity, British spread (GF-A06), the second-die condition (GF-A08). */
export function commitErrors(s: GfState, side: Side, c: NonNullable<GfOrders['commit']>): RuleError[] {
  const errors: RuleError[] = [];
  const moves = c.redistribute ?? {};
  if (c.dice === 0 && Object.keys(moves).length)
    errors.push(
      err(
        'redistribute',
        'redistribution only before a commitment roll',
        '再配置は投入のダイスを振るときだけです',
        'GF 6[8]',
        'commit.redistribute',
      ),
    );
  if ((c.stopIf ?? []).length && (c.dice !== 2 || s.options.commitDice === 'beforeRolling'))
    errors.push(
      err(
        'stop-if',
        'a second-die condition needs two dice under GF-A08 R2',
        '2個目の条件は2個振りでGF-A08 R2のときだけです',
        'GF-A08',
        'commit.stopIf',
      ),
    );
  for (const id of Object.keys(moves))
    if (!placeOf(s, id)?.startsWith('dd') || shipsOf(s, side, () => true).indexOf(id) < 0)
      errors.push(
        err(
          'redistribute-ship',
          `${id} is not in your DDbox`,
          `${id} は自軍DDboxにありません`,
          'GF 6[8]',
          `commit.redistribute.${id}`,
        ),
      );
  const boxes = redistributed(s, side, moves);
  const count = (b: number) => [...boxes.values()].filter((x) => x === b).length;
  for (let b = 1; b <= 6; b++)
    if (count(b) > s.data.ddCapacity[side])
      errors.push(
        err(
          'capacity',
          `DDbox ${b} would hold ${count(b)} ships`,
          `DDbox ${b} が ${count(b)} 隻になります`,
          'GF 6[9]',
          'commit.redistribute',
        ),
      );
  if (side === 'british') errors.push(...spreadErrors(s, c, boxes));
  return errors;
}

/** GF 6[8], GF-A06: the British leave as few numbered boxes empty as they can. */
function spreadErrors(s: GfState, c: NonNullable<GfOrders['commit']>, boxes: Map<string, number>): RuleError[] {
  const moves = c.redistribute ?? {};
  const count = (b: number) => [...boxes.values()].filter((x) => x === b).length;
  const due = s.options.redistribution === 'whenCommitting' ? c.dice > 0 : Object.keys(moves).length > 0;
  const filled = [1, 2, 3, 4, 5, 6].filter((b) => count(b) > 0).length;
  const possible = Math.min(6, boxes.size);
  if (!due || filled >= possible) return [];
  return [
    err(
      'spread',
      `leave as few numbered boxes empty as possible (${filled} filled, ${possible} possible)`,
      `空き番号ボックスを最少にしてください（${filled} 個使用、可能 ${possible} 個）`,
      'GF 6[8]',
      'commit.redistribute',
    ),
  ];
}
