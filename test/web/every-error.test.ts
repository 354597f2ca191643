/** The player's text box answers with every error at once: unreadable lines and the engine's errors of the rest. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createGame } from '../../src/services/games.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { client, csrfOf } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

test('an unreadable line does not hide the capacity and not-owed errors of the lines that were read', async () => {
  const game = await createGame(t.deps, {
    game: 'atlantic-wolves',
    mode: 'mail',
    seats: [
      { side: 'allied', email: 'a@example.org' },
      { side: 'german', email: 'g@example.org' },
    ],
  });
  const c = client(t.app);
  const token = game.seats.find((s) => s.side === 'allied')!.token;
  expect((await c.get(`/play/${game.id}?token=${token}`)).statusCode).toBe(303);
  const page = await c.get(`/play/${game.id}`);
  const text = ['PLACE C01 C02 C03 C04 C05 C06 -> CB', 'ESCORT GB-DD1 U01', 'PLACE NOSUCHUNIT -> CB'].join('\n');
  const res = await c.post(`/play/${game.id}/orders/text`, { _csrf: csrfOf(page.body), text });
  expect(res.statusCode).toBe(422);
  expect(res.body).toContain('NOSUCHUNIT'); // the unreadable line
  expect(res.body).toContain('Caribbean (CB) would hold 6 Allied units, 3 too many: its capacity is 3');
  expect(res.body).toContain('answers a decision you do not owe now');
  expect(await t.db.order.count()).toBe(0);
});
