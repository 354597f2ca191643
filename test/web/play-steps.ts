/**
 * Plays an Atlantic Wolves game forward through the API for the web tests: the seat that owes sends the engine's
 * default orders until `until` says stop (or `max` steps have been played).
 */
import { atlanticWolves } from '../../src/games/atlantic-wolves/index.ts';
import { bearerOf, type TestApp } from '../support/app.ts';

/** The current step of a game as stored: its number, status, owed seats and the game state at its start. */
export async function currentStepOf(t: TestApp, gameId: string) {
  const game = await t.db.game.findUniqueOrThrow({ where: { id: gameId } });
  const step = await t.db.step.findUniqueOrThrow({ where: { gameId_number: { gameId, number: game.currentStep } } });
  const state = (step.envelope as { state: unknown }).state;
  return { game, step, state, owed: step.owed as unknown as { seat: string; point: string }[] };
}

/** Sends default orders for every owed seat, step after step, until `until(step)` is true or `max` steps. */
export async function playDefaults(
  t: TestApp,
  gameId: string,
  tokens: Record<string, string>,
  until: (s: Awaited<ReturnType<typeof currentStepOf>>) => boolean,
  max = 30,
): Promise<number> {
  let played = 0;
  for (; played < max; played++) {
    const now = await currentStepOf(t, gameId);
    if (now.game.status === 'finished' || now.step.status !== 'open' || until(now)) break;
    for (const o of now.owed) {
      const orders = atlanticWolves.defaultOrders(now.state as never, o.seat);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/games/${gameId}/orders`,
        headers: bearerOf(tokens[o.seat]),
        payload: { orders },
      });
      if (res.statusCode !== 200) throw new Error(`orders of ${o.seat} refused: ${res.body}`);
    }
    // The step resolves after the last order (the test app's processing delay is none): wait for it.
    for (let i = 0; i < 50; i++) {
      const after = await currentStepOf(t, gameId);
      if (after.step.number !== now.step.number || after.step.status !== 'open') break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return played;
}
