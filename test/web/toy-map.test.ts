/**
 * A second game's board on the player's page: the toy game (not Atlantic Wolves) gets its race-track map drawn by
 * the same renderer, one picture for every screen, from its board alone, and a seat's own note never reaches the other
 * seat (on the page, in the whole board's picture, or in the mail's picture of a region).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerOf, buildTestApp, type TestApp } from '../support/app.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import { client } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ games: [toyGame] });
});
afterAll(async () => {
  await t?.close();
});

async function page(gameId: string, token: string) {
  const p = client(t.app);
  const enter = await p.get(`/play/${gameId}?token=${encodeURIComponent(token)}`);
  expect(enter.statusCode).toBe(303);
  return {
    page: await p.get(`/play/${gameId}`),
    svg: await p.get(`/play/${gameId}/map.svg?whole=1`),
    region: await p.get(`/play/${gameId}/map.svg`),
  };
}

describe('the toy game on the player page', () => {
  it('draws its points, road, pawns and round track, and keeps each note to its seat', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/games',
      headers: t.adminAuth,
      payload: {
        game: 'toy',
        mode: 'mail',
        options: { rounds: 3 },
        seats: [
          { side: 'a', email: 'a@example.org' },
          { side: 'b', email: 'b@example.org', locale: 'ja' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const g = created.json() as { id: string; seats: { side: string; token: string }[] };
    const token = Object.fromEntries(g.seats.map((s) => [s.side, s.token]));
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/orders`,
      headers: bearerOf(token.a),
      payload: { orders: { pick: 2, standing: { note: 'note-of-a' } } },
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const a = await page(g.id, token.a);
    expect(a.page.statusCode).toBe(200);
    const wide = /<div class="map-view">(<svg[\s\S]*?<\/svg>)<\/div>/.exec(a.page.body)![1];
    for (let i = 0; i <= 9; i++) expect(wide).toContain(`data-space="p${i}"`); // 3 rounds: scores 0..9
    expect(wide.match(/<line /g)).toHaveLength(9); // the road joins them
    expect(wide).toContain('data-unit="pawn-a"');
    expect(wide).toContain('data-unit="pawn-b"');
    expect(a.page.body).toMatch(/<div class="rest-wide"><svg [\s\S]*?data-track="turn"/); // under the map
    expect(a.page.body.match(/class="map-view"/g)).toHaveLength(1); // one map, panned and zoomed on a phone
    expect(a.svg.body).toContain('data-unit="pawn-a"');
    expect(a.region.body).toMatch(/<svg [^>]*class="[^"]*board-map-crop/);
    expect(a.region.headers['content-type']).toContain('image/svg+xml');
    expect(a.svg.headers['content-type']).toContain('image/svg+xml');

    // The standing note is seat a's own (the toy's view): on a's board, never on b's.
    await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/orders`,
      headers: bearerOf(token.b),
      payload: { orders: { pick: 5 } },
    });
    const a2 = await page(g.id, token.a);
    const b2 = await page(g.id, token.b);
    expect(a2.svg.body).toContain('Note of A: note-of-a');
    expect(b2.page.body).not.toContain('note-of-a');
    expect(b2.svg.body).not.toContain('note-of-a');
    expect(b2.region.body).not.toContain('note-of-a');
    expect(b2.page.body).toContain('ラウンド'); // b reads Japanese
  });
});
