/** Validation of the armament decision points D2-D6 (GF 6). */
import type { RuleError } from '../../../engine/types.ts';
import { arrivals, redistributed } from '../rules/armament.ts';
import type { Side } from '../data/schema.ts';
import type { GfOrders } from './schema.ts';
import { type GfState, inBox, placeOf, shipsOf } from '../state.ts';
import { err, shipLabel } from './validate-error.ts';
import { errs } from './validate-owed.ts';

/** D2: arriving ships only, numbered boxes within capacity (GF 6[3], [5]). */
export function reinforceErrors(s: GfState, plan: Record<string, number>): RuleError[] {
  const arriving = arrivals(s, 'british');
  const errors: RuleError[] = [];
  for (const id of Object.keys(plan))
    if (!arriving.includes(id))
      errors.push(
        err(
          'reinforce-ship',
          `${shipLabel(s, id, 'en')} does not arrive this turn`,
          `${shipLabel(s, id, 'ja')} は今ターンの増強艦ではありません`,
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
          `${shipLabel(s, id, 'en')} is not in your DDbox`,
          `${shipLabel(s, id, 'ja')} は自軍DDboxにありません`,
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

/** The highest number of the withdrawal die (GF 6[15]: one die of ships). */
export const WITHDRAWAL_DIE_MAX = 6;

/**
 * D5/D6 (GF 6[13-16]): the ordered preference list gives exactly the number rolled, whatever the die shows: it
 * names min(6, ships in the fleet box) different own fleet-box ships; the first ones rolled go, each into the box
 * named for it (within capacity even if every listed ship goes, GF 6[9], GF-A07) or the engine's box. Nothing is
 * given without the roll.
 */
export function withdrawErrors(s: GfState, side: Side, w: NonNullable<GfOrders['withdraw']>): RuleError[] {
  const list = w.ships ?? [];
  const boxes = w.boxes ?? {};
  if (!w.roll) {
    if (!list.length && !Object.keys(boxes).length) return [];
    return [
      errs(
        'withdraw-no-roll',
        'ships and boxes for a withdrawal go with its roll: you do not roll, so none is withdrawn',
        '転出の艦と番号は転出のダイスを振るときだけです。振らないので転出はありません',
        ['GF 6[14]', 'GF 6[15]'],
        'withdraw',
      ),
    ];
  }
  const fleet = shipsOf(s, side, (p) => p === 'fleet');
  const errors: RuleError[] = [];
  list.forEach((id, i) => {
    if (fleet.includes(id) && list.indexOf(id) === i) return;
    const twice = fleet.includes(id);
    errors.push(
      errs(
        'withdraw-ship',
        twice
          ? `${shipLabel(s, id, 'en')} is listed twice`
          : `${shipLabel(s, id, 'en')} is not a ship of yours in the fleet box`,
        twice
          ? `${shipLabel(s, id, 'ja')} が2回あります`
          : `${shipLabel(s, id, 'ja')} は自軍艦隊ボックスの艦ではありません`,
        ['GF 6[13]', 'GF 6[16]'],
        `withdraw.ships.${i}`,
      ),
    );
  });
  const due = Math.min(WITHDRAWAL_DIE_MAX, fleet.length);
  if (list.length !== due) {
    const over = list.length > due;
    errors.push(
      errs(
        'withdraw-count',
        `list exactly ${due} ships in order of preference: the die shows 1 to 6 and exactly that many are withdrawn; your fleet box holds ${fleet.length}, so min(6, ${fleet.length}) = ${due}; you listed ${list.length}${over ? ` (a ship after the ${due}th could never go)` : ''}`,
        `優先順に艦をちょうど ${due} 隻書いてください。ダイスは1〜6で、出た数だけ転出します。艦隊ボックスは ${fleet.length} 隻なので min(6, ${fleet.length}) = ${due} 隻です。書かれたのは ${list.length} 隻です${over ? `（${due} 隻目より後の艦は転出しません）` : ''}`,
        fleet.length < WITHDRAWAL_DIE_MAX ? ['GF 6[15]', 'GF 6[16]', 'GF-A09'] : ['GF 6[15]', 'GF 6[16]'],
        'withdraw.ships',
      ),
    );
  }
  return [...errors, ...withdrawBoxErrors(s, side, list.slice(0, due), boxes)];
}

/** Boxes named for listed ships only, each numbered box within capacity if every listed ship goes (GF 6[9]). */
function withdrawBoxErrors(s: GfState, side: Side, list: string[], boxes: Record<string, number>): RuleError[] {
  const errors: RuleError[] = [];
  for (const id of Object.keys(boxes).sort())
    if (!list.includes(id))
      errors.push(
        errs(
          'withdraw-box-ship',
          `a box for ${shipLabel(s, id, 'en')}, which is not among the ships listed to withdraw`,
          `${shipLabel(s, id, 'ja')} は転出の艦の一覧にないので番号は使われません`,
          ['GF 6[16]', 'GF-A07'],
          `withdraw.boxes.${id}`,
        ),
      );
  const cap = s.data.ddCapacity[side];
  for (let b = 1; b <= 6; b++) {
    const now = inBox(s, side, b).length;
    const sent = list.filter((id) => boxes[id] === b).length;
    if (sent && now + sent > cap)
      errors.push(
        errs(
          'capacity',
          `DDbox ${b} holds ${now} and up to ${sent} listed ships may go there: ${now} + ${sent} = ${now + sent}, more than ${cap}`,
          `DDbox ${b} は ${now} 隻で、一覧の艦が最大 ${sent} 隻入ります: ${now} + ${sent} = ${now + sent} 隻で上限 ${cap} を超えます`,
          ['GF 6[9]', 'GF-A07'],
          'withdraw.boxes',
        ),
      );
  }
  return errors;
}
