/**
 * The odds preview of one French attack (`pbem odds test/games/fin-napoleon/odds/french-attack.json --orders …`):
 * the shares on fixed dice, pinned, so that making the repeated resolution cheaper cannot change an outcome; and one
 * move order resolved again and again gives what a fresh copy of it gives (its execution plan is kept per order).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { canonicalJson } from '../../../src/engine/canonical-json.ts';
import { sfc32FromHex, uniformDie } from '../../../src/engine/dice.ts';
import { previewStepOdds } from '../../../src/engine/odds.ts';
import { recordSchema, replayRecord } from '../../../src/engine/record.ts';
import type { GameEvent, ResolveContext } from '../../../src/engine/types.ts';
import { finNapoleon as fn } from '../../../src/games/fin-napoleon/index.ts';
import type { FnOrders } from '../../../src/games/fin-napoleon/orders/schema.ts';
import type { FnState } from '../../../src/games/fin-napoleon/state.ts';

const dir = fileURLToPath(new URL('./odds/', import.meta.url));
const read = (f: string) => JSON.parse(readFileSync(dir + f, 'utf8'));

function position(): FnState {
  const replay = replayRecord(fn, recordSchema.parse(read('french-attack.json')));
  if (!replay.ok) throw new Error(replay.message);
  return replay.envelope.state as FnState;
}
const orders = (): Record<string, FnOrders> => read('french-attack.orders.json');
const seeded = () => {
  const rng = sfc32FromHex(createHash('sha256').update('pbem-odds|1').digest('hex'));
  return { roll: (sides: number) => uniformDie(rng, sides) };
};

test('FN 9.21, 9.23, 9.31: six French units through the Rhine into Austria, 10,000 samples on seed 1', () => {
  // Pinned exactly: the same dice give the same shares as before the preview was made cheaper.
  expect(canonicalJson(previewStepOdds(fn, position(), orders(), 10_000, seeded()))).toBe(
    canonicalJson({
      samples: 10_000,
      probabilities: { 'removed:austria': 0.9824, 'removed:france': 0.4284, 'surrender:austria': 0.3473 },
    }),
  );
});

test('one move order resolved many times gives the events of a fresh copy of it each time', () => {
  const s = position();
  const given = orders();
  const run = (o: Record<string, FnOrders>, dice: number[]) => {
    const events: GameEvent[] = [];
    const q = [...dice];
    const ctx: ResolveContext = { roll: () => q.shift() ?? 6, emit: (e) => void events.push(e) };
    const after = fn.resolve(s, o, ctx);
    return canonicalJson({ after, events });
  };
  for (const dice of [
    [1, 1, 1, 1, 1, 1],
    [6, 6, 6, 6, 6, 6, 1, 1, 1, 1],
    [2, 5, 3, 4, 1, 6, 2, 2],
  ])
    expect(run(given, dice)).toBe(run(structuredClone(given), dice));
});
