/**
 * FN 12.0[M][2]: each Allied player is told which nations it commands, everywhere its seat is named: the seats of a
 * mode (standard or the game's own division), the board's VP line and whose move it is, the welcome mails (in each
 * player's language) and the player's page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seatText } from '../../../src/engine/game-package.ts';
import { finNapoleon as fn } from '../../../src/games/fin-napoleon/index.ts';
import { createGame } from '../../../src/services/games.ts';
import { buildTestApp, type TestApp } from '../../support/app.ts';
import { client } from '../../web/helpers.ts';

describe('Allied players named by their nations', () => {
  test.each([
    [
      'allies-3',
      {},
      [
        'France',
        'Allied player 1: Prussia and Austria',
        'Allied player 2: Russia',
        'Allied player 3: Spain and Britain',
      ],
    ],
    [
      'allies-2',
      { division: 'russia/prussia+austria+spain+britain' },
      ['France', 'Allied player 1: Russia', 'Allied player 2: Prussia and Austria and Spain and Britain'],
    ],
    ['two-player', {}, ['France', 'Allies']],
  ])('%s %j', (mode, options, names) => {
    expect(fn.sides(mode, options).map((s) => s.name.en)).toEqual(names);
  });

  test('in Japanese, and by seatText with the game options', () => {
    expect(seatText(fn, 'allies-3', 'ally-2', {}).ja).toBe('連合国プレイヤー2: ロシア');
    expect(seatText(fn, 'allies-3', 'ally-1', { division: 'russia/prussia+austria/spain+britain' }).ja).toBe(
      '連合国プレイヤー1: ロシア',
    );
  });

  test("the board's VP line names each Allied player by its nations", () => {
    const state = fn.fixtures!.position({ mode: 'allies-3' });
    const labels = fn.board(state, { kind: 'seat', seat: 'ally-2' }).summary.scores.map((s) => s.label.en);
    expect(labels.some((l) => l.startsWith('Allied player 2: Russia'))).toBe(true);
  });
});

describe('in the welcome mails and on the page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  test('each Allied player reads the nations it commands, in its language', async () => {
    const seats = fn.sides('allies-3').map((s, k) => ({
      side: s.seat,
      email: `fn-${s.seat}@example.org`,
      locale: k === 2 ? ('ja' as const) : ('en' as const),
    }));
    const g = await createGame(t.deps, { game: fn.id, mode: 'allies-3', name: 'FN nations', options: {}, seats });
    const mails = await t.db.outbox.findMany({ where: { gameId: g.id, kind: 'welcome' } });
    const to = (side: string) => mails.find((m) => m.toAddress === `fn-${side}@example.org`)!;
    expect(to('ally-1').text).toContain('Allied player 1: Prussia and Austria');
    expect(to('ally-2').text).toContain('連合国プレイヤー2: ロシア');
    expect(to('ally-3').text).toContain('Allied player 3: Spain and Britain');
    const c = client(t.app);
    const token = g.seats.find((s) => s.side === 'ally-1')!.token;
    expect((await c.get(`/play/${g.id}?token=${encodeURIComponent(token)}`)).statusCode).toBe(303);
    const page = (await c.get(`/play/${g.id}`)).body;
    expect(page).toContain('Allied player 1: Prussia and Austria');
    expect(page).toContain('Allied player 2: Russia');
  });
});
