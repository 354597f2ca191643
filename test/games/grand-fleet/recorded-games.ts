/**
 * Recorded complete games of Grand Fleet: a seeded random game played through the engine's step runner (the
 * conformance suite's player), kept as its orders and every die, with digests of its events and final state.
 * `npx tsx test/games/grand-fleet/recorded-games.ts` writes the records again (only after an intended rules change).
 * Written again when a withdrawal roll came to need its ordered list of min(6, fleet box) ships (GF 6[15-16]): each
 * roll now names the ships the engine used to add, with the same dice, events and final state (digests unchanged).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { canonicalJson } from '../../../src/engine/canonical-json.ts';
import type { GameEvent } from '../../../src/engine/index.ts';
import { grandFleet } from '../../../src/games/grand-fleet/index.ts';
import { playRandomGame } from '../../conformance/support/random-game.ts';

/** A recorded game. */
export interface GameRecord {
  format: 'pbem-record/1';
  game: string;
  mode: string;
  options: Record<string, unknown>;
  dice: { kind: 'forced'; values: number[] };
  steps: { orders: Record<string, unknown> }[];
  expect: { winner: string | null; draw: boolean; turn: number; vp: number; events: string; state: string };
}

export const digest = (value: unknown): string => createHash('sha256').update(canonicalJson(value)).digest('hex');

/** The games recorded: seeds and options (the second with every non-default reading). */
export const RECORDED: { file: string; seed: string; options: Record<string, unknown> }[] = [
  { file: 'game-defaults.json', seed: 'grand-fleet-record-1', options: {} },
  {
    file: 'game-variants.json',
    seed: 'grand-fleet-record-7',
    options: {
      historical: true,
      audacious: false,
      commitDice: 'beforeRolling',
      circled: 'atSetup',
      homeDoubling: 'any',
      initiativeOrder: 'interceptionCount',
      rangeChoices: 'mixed',
      fireAllocation: 'sequential',
      forcedBattle: 'forcedOnBoth',
      preDreadnoughtVp: 'perBattle',
    },
  },
  // GF-AD1: every contested hex's combat in the same messages.
  { file: 'game-parallel.json', seed: 'grand-fleet-record-p3', options: { combatHexes: 'parallel' } },
];

/** Plays and records one game. */
export function recordGame(seed: string, options: Record<string, unknown>): GameRecord {
  const played = playRandomGame(grandFleet as never, {
    mode: 'standard',
    seed,
    options: grandFleet.optionsSchema.parse(options),
  });
  if (played.problems.length) throw new Error(played.problems.join('; '));
  const events: GameEvent[] = played.events.flat();
  const last = played.states.at(-1) as never;
  const result = grandFleet.outcome(last)!;
  return {
    ...{ format: 'pbem-record/1', game: 'grand-fleet', mode: 'standard', options },
    dice: { kind: 'forced', values: events.filter((e) => e.type === 'die').map((e) => Number(e.value)) },
    steps: played.orders.map((orders) => ({ orders })),
    expect: {
      ...{ winner: result.winner, draw: result.draw === true },
      ...{ turn: (last as { turn: number }).turn, vp: (last as { vp: number }).vp },
      ...{ events: digest(events), state: digest(grandFleet.view(last, { kind: 'moderator' })) },
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const { file, seed, options } of RECORDED) {
    const rec = recordGame(seed, options);
    writeFileSync(new URL(`./games/${file}`, import.meta.url), `${JSON.stringify(rec)}\n`);
    console.log(file, rec.steps.length, 'steps', rec.dice.values.length, 'dice', rec.expect.winner, rec.expect.vp);
  }
}
