/** A seat's deadline calendar speaks the seat's language and names seats by the game's names, not their ids. */
import { expect, it } from 'vitest';
import { createGameVia, toyPayload } from '../support/api-helpers.ts';
import { useTestApp } from '../support/per-file.ts';

const t = useTestApp();

it('gives each seat its entries in its language, naming its seat', async () => {
  const g = await createGameVia(t, toyPayload({ deadlines: { default: { length: '2d' } } }));
  const feed = async (side: string) => {
    const seat = await t.db.seat.findFirstOrThrow({ where: { gameId: g.id, side } });
    const res = await t.app.inject({ method: 'GET', url: `/calendar/${seat.calendarToken}.ics` });
    expect(res.statusCode).toBe(200);
    return res.body.replace(/\r\n /g, '');
  };
  expect(await feed('a')).toContain(String.raw`orders due\, step 0 (A)`);
  const ja = await feed('b');
  expect(ja).toContain('命令の締切 ステップ 0 (B)');
  expect(ja).not.toContain('orders due');
});
