/**
 * Writes the recorded games replayed by replay.test.ts: seeded random play through the engine's step runner,
 * the orders of every step and a digest of the events and of the final state. Run by hand when the rules change
 * on purpose: `npx tsx test/games/operation-crusader/record-games.ts`.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { canonicalJson } from '../../../src/engine/canonical-json.ts';
import { operationCrusader as game } from '../../../src/games/operation-crusader/index.ts';
import type { OcState } from '../../../src/games/operation-crusader/state.ts';
import { playRandomGame } from '../../conformance/support/random-game.ts';

/** A digest of a value's canonical JSON. */
export const digest = (v: unknown): string => createHash('sha256').update(canonicalJson(v)).digest('hex');

/** The observable end of a game: VP, turn, outcome, every unit. */
export function summary(s: OcState) {
  return { vp: s.vp, turn: s.turn, outcome: game.outcome(s), units: s.units, control: s.control };
}

const GAMES = [
  { file: 'seed-crusader-1.json', seed: 'crusader-1', options: {} },
  {
    file: 'seed-crusader-2.json',
    seed: 'crusader-2',
    options: { enemyPoint: 'pass', hitCounting: 'per-firer', attackerTargets: 'before' },
  },
];

if (process.argv[1]?.endsWith('record-games.ts')) {
  for (const g of GAMES) {
    const options = game.optionsSchema.parse(g.options);
    const played = playRandomGame(game, { mode: 'standard', seed: g.seed, options });
    if (played.problems.length) throw new Error(played.problems.join('; '));
    const last = played.states.at(-1) as OcState;
    const record = {
      format: 'oc-recorded-game/1',
      seed: g.seed,
      options: g.options,
      steps: played.orders,
      events: digest(played.events),
      final: summary(last),
    };
    writeFileSync(new URL(`games/${g.file}`, import.meta.url), `${JSON.stringify(record, null, 1)}\n`);
    console.log(g.file, played.orders.length, 'steps', JSON.stringify(game.outcome(last)?.reason));
  }
}
