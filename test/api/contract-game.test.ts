/**
 * The contract's new promises kept by the service, with a small three-seat game (test/support/skirmish-game.ts):
 * sealed simultaneous choices hidden from the other seats until resolved and open afterwards; a notification
 * policy that mails the seat to move and a digest at the end of a phase; structured dice purposes; hidden
 * identities; a coalition outcome; and the player page rendering and reading counts, allocations, paths and
 * dependent fields. Real Postgres, the real app.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hiddenIdentityLeaks } from '../../src/engine/hidden.ts';
import type { GameEvent } from '../../src/engine/types.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { createGameVia, type GameHandle } from '../support/api-helpers.ts';
import { skirmish, type SkState } from '../support/skirmish-game.ts';
import { client, csrfOf } from '../web/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ games: [skirmish] });
});
afterAll(async () => {
  await t?.close();
});

const EMAIL = { red: 'red@example.org', blue: 'blue@example.org', green: 'green@example.org' } as const;
type Seat = keyof typeof EMAIL;

async function newGame(options: Record<string, unknown> = {}): Promise<GameHandle> {
  return createGameVia(t, {
    game: 'skirmish',
    mode: 'mail',
    options,
    seats: (Object.keys(EMAIL) as Seat[]).map((side) => ({ side, email: EMAIL[side] })),
  });
}

async function send(g: GameHandle, seat: Seat, orders: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/games/${g.id}/orders`,
    headers: g.seat[seat],
    payload: { orders },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function read(g: GameHandle, who: Seat | 'moderator', url: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/games/${g.id}${url}`,
    headers: who === 'moderator' ? g.moderator : g.seat[who],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * Result and digest mails of a game: address, kind, heading (which steps it covers) and subject (what the reader
 * must do), in the order they were queued.
 */
async function mails(g: GameHandle) {
  const rows = await t.db.outbox.findMany({
    where: { gameId: g.id, kind: { in: ['result', 'digest'] } },
    orderBy: [{ createdAt: 'asc' }, { toAddress: 'asc' }],
  });
  return rows.map((r) => ({
    to: r.toAddress.split('@')[0],
    kind: r.kind,
    subject: r.subject.replace(/^\[[^\]]*\] /, ''),
    heading: /^== (.*) ==$/m.exec(r.text)?.[1] ?? '',
    text: r.text,
  }));
}

/** The bids that make red and green tie on 4 points, blue 1. */
const BIDS = {
  red: { dice: 2, fire: { blue: 1, green: 2 } },
  green: { dice: 1, fire: { red: 3 } },
  blue: { dice: 1, fire: { red: 1, green: 2 } },
};

describe('sealed simultaneous choices (GF 7(b)[2])', () => {
  test("no seat sees another's sealed orders before resolution; this open game shows them after", async () => {
    const g = await newGame();
    await send(g, 'red', BIDS.red);
    await send(g, 'blue', BIDS.blue);
    // Blue asks for the open step: its own orders, never red's, although this game shows orders to everyone.
    expect((await read(g, 'blue', '/steps/0')).orders).toEqual({ blue: BIDS.blue });
    expect((await read(g, 'green', '/steps/0')).orders).toEqual({});
    expect(Object.keys((await read(g, 'moderator', '/steps/0')).orders).sort()).toEqual(['blue', 'red']);
    expect((await read(g, 'blue', '/record')).steps).toEqual([]);
    const page = await (await loggedIn(g, 'blue')).get(`/play/${g.id}`);
    expect(page.statusCode).toBe(200);
    // Blue's page holds blue's own bid (1 die), not red's (2 dice).
    expect(page.body).toMatch(/name="dice" min="1"\s+max="2" step="1" value="1"/);
    expect(page.body).not.toContain('name="fire.blue"');
    const early = await mails(g);
    expect(early).toEqual([]);

    const done = await send(g, 'green', BIDS.green);
    expect(done.resolution).toMatchObject({ resolved: true, step: 0 });
    // Resolved: this game's orders are open information (visibleOrders), so every seat sees every bid.
    expect((await read(g, 'blue', '/steps/0')).orders).toEqual(BIDS);
    const record = await read(g, 'green', '/record');
    expect(record.steps[0].orders).toEqual(BIDS);
    expect(record.complete).toBe(false); // the marker dice are hidden from every seat
  });
});

describe('a notification policy for short alternating steps (GF 8[2], 8[3])', () => {
  test('the seat to move gets a mail; the others a digest at the end of the phase; everyone the end', async () => {
    const g = await newGame();
    for (const seat of ['red', 'blue', 'green'] as Seat[]) await send(g, seat, BIDS[seat]);
    await send(g, 'red', { action: 'move', path: ['ford', 'hill'] }); // step 1
    await send(g, 'blue', { action: 'hold' }); // step 2
    await send(g, 'green', { action: 'move', path: ['ford', 'wood'] }); // step 3: the march ends, red musters
    await send(g, 'red', { muster: 1 }); // step 4: the game ends
    const got = await mails(g);
    expect(got.map(({ to, kind, heading }) => `${to} ${kind} ${heading}`)).toEqual([
      'blue result Result of step 0',
      'green result Result of step 0',
      'red result Result of step 0',
      'blue result Result of step 1',
      'green result Results of steps 1–2',
      'blue digest Digest of steps 2–3',
      'green digest Digest of step 3',
      'red result Results of steps 1–3',
      'blue result Result of step 4',
      'green result Result of step 4',
      'red result Result of step 4',
    ]);
    const text = (to: string, heading: string) => got.find((m) => m.to === to && m.heading === heading)!.text;
    // The subject says what the reader must do: move (red musters after step 3), nothing, or that the game is over.
    const subject = (to: string, heading: string) => got.find((m) => m.to === to && m.heading === heading)!.subject;
    expect(subject('red', 'Results of steps 1–3')).toMatch(/^Your move/);
    expect(subject('blue', 'Digest of steps 2–3')).toBe('Digest of steps 2–3: nothing to do now');
    expect(subject('red', 'Result of step 4')).toMatch(/^Game over: Winners: Alliance/);
    // Each mail covers every step since the seat's last one: green's tells red's move and blue's hold.
    expect(text('green', 'Results of steps 1–2')).toMatch(
      /moved \{"path":\["ford","hill"\],"seat":"red"\}[\s\S]*moved \{"path":\[\],"seat":"blue"\}/,
    );
    expect(text('blue', 'Digest of steps 2–3')).toContain('{"path":["ford","wood"],"seat":"green"}');
    expect(text('blue', 'Digest of steps 2–3')).not.toContain('"seat":"red"');
    // FN 12.0[M][8]-like: red and green tie for the most points and win together, as their team.
    // The team's seats by their names (Green, Red), never by their ids.
    expect(text('red', 'Result of step 4')).toContain('Winners: Alliance (Green, Red). most points: 4');
    const view = await read(g, 'blue', '');
    expect(view.outcome).toMatchObject({ winner: null, winners: ['green', 'red'] });
  });

  test("without a digest, a seat's next mail (here the end of the game) covers every step since its last", async () => {
    const g = await newGame({ digest: false });
    for (const seat of ['red', 'blue', 'green'] as Seat[]) await send(g, seat, BIDS[seat]);
    await send(g, 'red', { action: 'hold' });
    await send(g, 'blue', { action: 'hold' });
    await send(g, 'green', { action: 'hold' });
    await send(g, 'red', { muster: 0 });
    const got = (await mails(g)).slice(3).map(({ to, kind, heading }) => `${to} ${kind} ${heading}`);
    expect(got).toEqual([
      'blue result Result of step 1',
      'green result Results of steps 1–2',
      'red result Results of steps 1–3',
      'blue result Results of steps 2–4',
      'green result Results of steps 3–4',
      'red result Result of step 4',
    ]);
  });
});

describe('dice purposes as data and hidden identities', () => {
  test('dice carry their rule and words; markers are hidden from every seat, owners included', async () => {
    const g = await newGame();
    for (const seat of ['red', 'blue', 'green'] as Seat[]) await send(g, seat, BIDS[seat]);
    const [mine] = (await read(g, 'red', '/steps')).steps as { events: GameEvent[] }[];
    const dice = mine.events.filter((e) => e.type === 'die');
    expect(dice).toHaveLength(4); // red's 2 bid dice, blue's and green's 1: the 3 marker dice are seen by nobody
    expect(dice[0]).toMatchObject({
      rule: 'SK 2',
      what: { en: 'blue bid die 1', ja: 'blueの入札サイコロ1' },
      purpose: 'SK 2 blue bid die 1',
    });
    const [all] = (await read(g, 'moderator', '/steps')).steps as { events: GameEvent[] }[];
    expect(all.events.filter((e) => e.type === 'die' && e.rule === 'SK 4')).toHaveLength(3);
    const sent = await mails(g);
    expect(sent.find((m) => m.to === 'red')!.text).toMatch(/blue bid die 1: d6 = [1-6] \(SK 2\)\./);

    const red = await read(g, 'red', '');
    expect(red.view.markers.red).toEqual({ hidden: true, slot: 'marker-red', side: 'red' });
    const moderator = await read(g, 'moderator', '');
    expect(['real', 'dummy']).toContain(moderator.view.marker.red);
  });

  test('hiddenIdentityLeaks finds a view that shows the owner its own marker, and none in the game as written', () => {
    const a = skirmish.setup({ mode: 'mail', options: { rounds: 1, digest: true }, data: {} });
    const b: SkState = { ...a, marker: { red: 'real', blue: 'dummy', green: 'real' } };
    const c: SkState = { ...a, marker: { red: 'dummy', blue: 'real', green: 'dummy' } };
    expect(hiddenIdentityLeaks(skirmish, { mode: 'mail', a: b, b: c })).toEqual([]);
    const leaky = {
      ...skirmish,
      view: (s: SkState, v: Parameters<typeof skirmish.view>[1]) => ({
        ...(skirmish.view(s, v) as object),
        mine: v.kind === 'seat' ? s.marker[v.seat as 'red'] : null,
      }),
    };
    expect(hiddenIdentityLeaks(leaky, { mode: 'mail', a: b, b: c })).toEqual([
      'seat:blue: view',
      'seat:green: view',
      'seat:red: view',
    ]);
  });
});

/** A browser signed in as a seat through its magic link. */
async function loggedIn(g: GameHandle, seat: Seat) {
  const c = client(t.app);
  const enter = await c.get(`/play/${g.id}?token=${encodeURIComponent(g.tokens[seat])}`);
  expect(enter.statusCode).toBe(303);
  return c;
}

describe('the player page renders and reads the new kinds of choice', () => {
  test('a count and an allocation (SK 2), then a path that depends on the action (SK 3)', async () => {
    const g = await newGame();
    const red = await loggedIn(g, 'red');
    let page = await red.get(`/play/${g.id}`);
    expect(page.body).toMatch(
      /<input type="number" inputmode="numeric" id="f\d+" name="dice" min="1"\s+max="2" step="1" value="1">/,
    );
    expect(page.body).toMatch(/name="fire\.blue" min="0"\s+step="1" value=""/);
    expect(page.body).toContain('allocate exactly 3 points');
    let res = await red.post(`/play/${g.id}/orders`, {
      _csrf: csrfOf(page.body),
      dice: '2',
      'fire.blue': '1',
      'fire.green': '2',
    });
    expect(res.statusCode, res.body).toBe(303);
    expect((await read(g, 'red', '/steps/0')).orders.red).toEqual(BIDS.red);
    await send(g, 'blue', BIDS.blue);
    await send(g, 'green', BIDS.green);

    page = await red.get(`/play/${g.id}`);
    expect(page.body).toContain('Only if Action is move:');
    expect(page.body).toContain('name="path@move.0"');
    expect(page.body).toContain('name="path@move.1"');
    expect(page.body).toContain('From Red camp: Ford (1)');
    // An illegal path (the hill is not next to the camp) comes back with the error at the field.
    res = await red.post(`/play/${g.id}/orders`, { _csrf: csrfOf(page.body), action: 'move', 'path@move.0': 'hill' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('hill is not one step from rc');
    res = await red.post(`/play/${g.id}/orders`, {
      _csrf: csrfOf(res.body),
      action: 'move',
      'path@move.0': 'ford',
      'path@move.1': 'hill',
    });
    expect(res.statusCode, res.body).toBe(303);
    expect((await read(g, 'red', '')).view.at.red).toBe('hill');
  });
});
