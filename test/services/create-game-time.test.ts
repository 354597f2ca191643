/**
 * Game creation is one transaction (the game, its seats and persons, step 0, a set-up step resolved when it owes
 * nobody anything, the welcome mails): a slow set-up, a loaded database or a large game may take longer than
 * Prisma's default of 5 s for an interactive transaction, and the creation must still commit whole. A test game
 * whose set-up step takes 6 s to resolve is created, and everything of it is there.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AnyGamePackage } from '../../src/engine/game-package.ts';
import { toyGame, type ToyState } from '../../src/games/toy/index.ts';
import { createGame } from '../../src/services/games.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';

/** Waits without yielding, as a long computation does. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // computing
  }
}

/** The toy game, except that its step 0 owes nothing and takes 6 s to resolve (a set-up rolled by the engine). */
const toy = toyGame as AnyGamePackage;
const slowSetup: AnyGamePackage = {
  ...toy,
  id: 'slow-setup',
  owed: (state) => ((state as ToyState).step === 0 ? [] : toy.owed(state)),
  resolve: (state, orders, ctx) => {
    busyFor(6_000);
    return toy.resolve(state, orders, ctx);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ games: [slowSetup] });
});
afterAll(async () => {
  await t?.close();
});

test('a creation that takes longer than 5 s still commits whole', async () => {
  const created = await createGame(t.deps, {
    game: 'slow-setup',
    mode: 'mail',
    name: 'Slow Set-up',
    seats: [
      { side: 'a', email: 'a@example.org' },
      { side: 'b', email: 'b@example.org' },
    ],
  });
  const steps = await t.db.step.findMany({ where: { gameId: created.id }, orderBy: { number: 'asc' } });
  expect(steps.map((s) => [s.number, s.status])).toEqual([
    [0, 'published'],
    [1, 'open'],
  ]);
  expect(await t.db.seat.count({ where: { gameId: created.id } })).toBe(2);
  expect(await t.db.outbox.count({ where: { gameId: created.id, kind: 'welcome' } })).toBe(2);
}, 60_000);
