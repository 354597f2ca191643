/**
 * Plays a created game to its end through the service under moderator review: the owing seats send their
 * package's random legal orders, every third pass the owing seats miss their deadline and the moderator applies
 * their default orders, and every result is approved. Then the moderator's record re-adjudicates to the same events
 * (`pbem verify`). Shared by the games' platform tests. The computer player's ladder is off (`botAfterMisses: 0`).
 */
import { expect } from 'vitest';
import type { AnyGamePackage } from '../../src/engine/game-package.ts';
import { recordSchema, verifyRecord } from '../../src/engine/record.ts';
import { applyDefaultsNow } from '../../src/services/deadlines/policy.ts';
import { approveStep } from '../../src/services/moderation.ts';
import { currentStep } from '../../src/services/steps.ts';
import { recordFor } from '../../src/services/views.ts';
import { createGameVia, type GameHandle, postOrders } from './api-helpers.ts';
import type { TestApp } from './app.ts';

/** What the play did: default orders applied, results approved. */
export interface ReviewedPlay {
  defaults: number;
  approvals: number;
}

/** Plays a created game to its end under moderator review (see the file comment); returns what the play did. */
async function playUnderReview(
  t: TestApp,
  g: GameHandle,
  game: AnyGamePackage,
  rand: () => number,
  maxPasses = 600,
): Promise<ReviewedPlay> {
  let defaults = 0;
  let approvals = 0;
  for (let i = 0; i < maxPasses; i++) {
    const step = await currentStep(t.deps, g.id);
    if (step.gameStatus === 'finished') break;
    if (step.status === 'awaiting_review') {
      await approveStep(t.deps, g.id, step.number);
      approvals++;
      continue;
    }
    expect(step.status).toBe('open');
    if (i % 3 === 2) {
      const applied = await applyDefaultsNow(t.deps, g.id);
      expect(applied.sides).toEqual(step.owed.map((o) => o.seat));
      defaults++;
      continue;
    }
    for (const { seat } of step.owed) {
      const orders = game.randomOrders?.(step.envelope.state as never, seat, rand);
      const res = await postOrders(t, g.id, g.seat[seat], orders);
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
  }
  expect((await currentStep(t.deps, g.id)).gameStatus).toBe('finished');
  const record = await recordFor(t.deps, g.id, { kind: 'moderator', gameId: g.id });
  const verified = verifyRecord(game as never, recordSchema.parse(record));
  expect(verified.mismatches).toEqual([]);
  expect(verified.stepsChecked).toBe(record.steps.length);
  return { defaults, approvals };
}

/**
 * Creates a game of `game` through the API under moderator review with one-day deadlines (mode, options and seats
 * as given), then plays it to its end (`playUnderReview`).
 */
export async function playReviewedGame(
  t: TestApp,
  game: AnyGamePackage,
  setup: { mode: string; options: Record<string, unknown>; seats: Record<string, unknown>[] },
  rand: () => number,
): Promise<ReviewedPlay> {
  const g = await createGameVia(t, {
    game: game.id,
    ...setup,
    review: 'moderator',
    moderatorEmail: 'mod@example.org',
    deadlines: { default: { length: '1d' } },
    // The seats keep sending orders after the misses this play makes: the computer never takes one over.
    botAfterMisses: 0,
  });
  return playUnderReview(t, g, game, rand);
}
