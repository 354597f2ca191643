/**
 * Conformance, for every registered game, with the service in the loop: another seat's orders that a seat may not
 * see leave no trace in what the service answers that seat. For each mode, a random legal game is worked out on the
 * engine as the service plays it (support/order-twins.ts); at checkpoints drawn across its decision points, a twin
 * of one seat's orders is found that another seat, the viewer, may not tell apart (`ordersShownTo`: sealed orders
 * before resolution, orders the game's `visibleOrders` hides, by default until the end). Two games are then created
 * through the API on a real Postgres with the same seed, played alike up to the checkpoint, and given the two order
 * sets there; the viewer's answers must be byte-identical (the game's id aside):
 *   - before the step: the control, nothing differs yet;
 *   - once the other seat's orders are in (the viewer's own still owed, if it owes), and the viewer's own
 *     submission's answer;
 *   - once every order is in and the step awaits the moderator's review;
 *   - once it is approved and published, when the engine shows the viewer the same result of both order sets
 *     (the same visible events, view, board, what is owed next): then nothing derived from the hidden orders, such
 *     as a digest of them, may tell the two apart.
 * Answers compared: GET /api/games/:id, /steps, /steps/:n (the checkpoint's step and the current one), /record and
 * /orders; the viewer's page (/play/:id, signed in) and map picture (/play/:id/map.svg); the viewer's calendar
 * feed; every mail queued to the viewer (subject, text, HTML, headers, attachments); and the game's webhook
 * deliveries, which are public. The secrets that differ between the two games by construction (the game's id,
 * tokens, sign-in keys, CSRF values, message ids) are written as placeholders first. Here a step's dice are the committed dice of the seed and the step number, the orders left out (the
 * real dice depend on the orders only through the secret key, which no seat knows before the end): the twins roll
 * the same dice, as in the engine-level property (hidden-information.test.ts), so that their results can agree.
 */
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBoss } from '../../src/queue/boss.ts';
import { markJobTablesInstalled } from '../../src/queue/enqueue.ts';
import type { AnyGamePackage } from '../../src/engine/game-package.ts';
import type { SeatId } from '../../src/engine/types.ts';
import { currentStep } from '../../src/services/steps.ts';
import { createGameVia, type GameHandle, postOrders } from '../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { client, csrfOf } from '../web/helpers.ts';
import { checkpoints, type OrderTwin, type ServiceStep, serviceGame } from './support/order-twins.ts';
import { randomSource, registered, type StepOrders } from './support/random-game.ts';
import { canonicalJson } from '../../src/engine/canonical-json.ts';

/** The seed every game of this file is created with (the two games of a checkpoint must roll alike). */
const SECRET = vi.hoisted(() => '5e'.repeat(32));

vi.mock(import('../../src/services/tokens.ts'), async (original) => ({
  ...(await original()),
  newSeedSecret: () => SECRET,
}));

vi.mock(import('../../src/engine/dice.ts'), async (original) => {
  const dice = await original();
  return { ...dice, committedDice: (key: string, step: number) => dice.committedDice(key, step, {}) };
});

/** Steps worked out per mode, and checkpoints compared per game (shared among its modes, at least 2 each). */
const MAX_STEPS = 40;
const CHECKPOINTS = 8;

let t: TestApp;
let boss: PgBoss | undefined;

beforeAll(async () => {
  t = await buildTestApp({
    clock: () => new Date('2026-11-20T09:00:00.000Z'),
    config: { SIGN_IN_LIMIT_PER_MINUTE: 10_000 },
  });
  // The job tables, so that webhook deliveries are queued (and read back here); no job is worked.
  boss = await startBoss({
    databaseUrl: t.deps.config.DATABASE_URL ?? '',
    config: t.deps.config,
    log: t.deps.log,
    worker: false,
  });
  markJobTablesInstalled();
}, 60_000);

afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await t?.close();
});

/** What was compared: checkpoints, and viewer answers compared at each stage. */
interface Tally {
  checkpoints: number;
  sealed: number;
  stages: Record<string, number>;
  /** Per answer, how many comparisons it had something to compare (a mail, a webhook, an event in the feed). */
  filled: Record<string, number>;
}

/** The two games of a checkpoint. */
interface Pair {
  a: GameHandle;
  b: GameHandle;
}

/** Both games of a new pair, created alike (moderator review, so that a resolved step waits before publication). */
async function createPair(game: AnyGamePackage, mode: string): Promise<Pair> {
  const seats = game.sides(mode).map((s) => ({ side: s.seat, email: `${s.seat}@example.org`, name: `P ${s.seat}` }));
  const deadlines = { default: { length: '1d' } };
  const payload = { game: game.id, mode, name: 'Twins', review: 'moderator', deadlines, seats };
  const [a, b] = await Promise.all([createGameVia(t, payload), createGameVia(t, payload)]);
  const pair = { a, b };
  for (const g of [pair.a, pair.b]) {
    const hook = { url: 'https://hooks.example.org/twins', events: ['result', 'reminder', 'missed', 'deadline'] };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/webhooks`,
      headers: g.moderator,
      payload: hook,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return pair;
}

/**
 * A text with the secrets that differ between the two games by construction written as placeholders: the game's
 * id, the seats' and moderator's tokens, calendar tokens, sign-in and unsubscribe keys, reply addresses, CSRF values,
 * message ids.
 */
async function scrubbed(g: GameHandle, text: string): Promise<string> {
  const persons = await t.db.person.findMany({ where: { seats: { some: { gameId: g.id } } } });
  const seats = await t.db.seat.findMany({ where: { gameId: g.id } });
  const secrets = [
    g.id,
    ...Object.values(g.tokens),
    g.moderator.authorization.replace('Bearer ', ''),
    ...persons.flatMap((p) => [p.calendarToken, p.mailToken, p.unsubscribeKey]),
    ...seats.flatMap((s) => [s.calendarToken, s.mailToken]),
  ].filter((x) => x.length >= 6);
  let out = text;
  for (const secret of secrets) out = out.replaceAll(secret, '<secret>');
  return out
    .replace(/\/in\/[A-Za-z0-9_-]{16,}/g, '/in/<key>')
    .replace(/(name="_csrf"[^>]*value=")[^"]+/g, '$1<csrf>')
    .replace(/(csrf[^"]*"\s*content=")[^"]+/gi, '$1<csrf>')
    .replace(/<[^<>@\s]+@[^<>@\s]+>/g, '<message-id>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, '<uuid>');
}

/** A browser signed in per game and seat (signed in once, as a player would stay). */
const browsers = new Map<string, ReturnType<typeof client>>();

/** What a signed-in browser of the viewer reads: its page and its map picture. */
async function pages(g: GameHandle, viewer: SeatId): Promise<Record<string, string>> {
  let browser = browsers.get(`${g.id} ${viewer}`);
  if (!browser) {
    browser = client(t.app);
    const signIn = await browser.get(`/play/${g.id}?token=${encodeURIComponent(g.tokens[viewer])}`);
    expect(signIn.statusCode).toBe(303);
    browsers.set(`${g.id} ${viewer}`, browser);
  }
  const out: Record<string, string> = {};
  for (const url of [`/play/${g.id}`, `/play/${g.id}/map.svg`]) {
    const res = await browser.get(url);
    if (url.endsWith(g.id)) expect(csrfOf(res.body)).toBeTruthy();
    out[`GET ${url.replace(g.id, '<game>')}`] = `${res.statusCode} ${await scrubbed(g, res.body)}`;
  }
  return out;
}

/** The viewer's calendar feed, every mail queued to the viewer so far, and the game's webhook deliveries. */
async function sent(g: GameHandle, viewer: SeatId): Promise<Record<string, string>> {
  const seat = await t.db.seat.findFirstOrThrow({ where: { gameId: g.id, side: viewer }, include: { person: true } });
  const feed = await t.app.inject({ method: 'GET', url: `/calendar/${seat.person.calendarToken}.ics` });
  const mails = await t.db.outbox.findMany({
    where: { gameId: g.id, toAddress: seat.person.email ?? '' },
    orderBy: [{ createdAt: 'asc' }, { kind: 'asc' }, { subject: 'asc' }],
  });
  // Compared as a set: mails written in one transaction share their time, and their order among them is not shown.
  const mailText = mails
    .map((m) => JSON.stringify([m.kind, m.subject, m.replyTo, m.headers, m.text, m.html, m.attachments]))
    .sort();
  const hooks = await t.db.$queryRaw<{ data: unknown }[]>`
    SELECT j.data FROM pgboss.job j JOIN "Webhook" w ON w.id::text = j.data->>'webhookId'
    WHERE w."gameId" = ${g.id} ORDER BY j.created_on, j.data->>'body'`;
  return {
    // Unfolded (RFC 5545 3.1), so that a secret folded across two lines is found.
    calendar: `${feed.statusCode} ${await scrubbed(g, feed.body.replace(/\r\n[ \t]/g, ''))}`,
    mails: await scrubbed(g, mailText.join('\n')),
    webhooks: await scrubbed(g, JSON.stringify(hooks.map((h) => h.data))),
  };
}

/** A seat's orders posted to one game; the answer without the order's id (a fresh id in each game). */
async function post(g: GameHandle, seat: SeatId, orders: unknown): Promise<string> {
  const res = await postOrders(t, g.id, g.seat[seat], orders);
  expect(res.statusCode, res.body).toBe(200);
  const { orderId: _id, ...answer } = res.json();
  return JSON.stringify(answer);
}

/** Publishes step `n` of a game, which must be awaiting review. */
async function approve(g: GameHandle, n: number): Promise<void> {
  const step = await currentStep(t.deps, g.id);
  expect([step.number, step.status]).toEqual([n, 'awaiting_review']);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/games/${g.id}/steps/${n}/approve`,
    headers: g.moderator,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Plays step `n` of a game with the orders worked out (a step owing nothing resolved on its own) and publishes it. */
async function playStep(g: GameHandle, n: number, orders: StepOrders): Promise<void> {
  for (const seat of Object.keys(orders).sort()) await post(g, seat, orders[seat]);
  await approve(g, n);
}

/** Everything the API answers a seat about a game, by request, the game's id written as "<game>". */
async function answers(g: GameHandle, viewer: SeatId, k: number): Promise<Record<string, string>> {
  const now = (await currentStep(t.deps, g.id)).number;
  const urls = ['', '/steps', `/steps/${k}`, `/steps/${now}`, '/record', '/orders'];
  const out: Record<string, string> = {};
  for (const url of urls) {
    const res = await t.app.inject({ method: 'GET', url: `/api/games/${g.id}${url}`, headers: g.seat[viewer] });
    out[`GET ${url || '/'}`] = `${res.statusCode} ${res.body.replaceAll(g.id, '<game>')}`;
  }
  return { ...out, ...(await pages(g, viewer)), ...(await sent(g, viewer)) };
}

/** The first answer that differs, with the text around the first difference ('' when all are identical). */
function difference(a: Record<string, string>, b: Record<string, string>): string {
  for (const key of Object.keys(a)) {
    if (a[key] === b[key]) continue;
    let i = 0;
    while (a[key][i] === b[key][i]) i++;
    const cut = (x: string) => x.slice(Math.max(0, i - 200), i + 120);
    return `${key} differs:\n  ${cut(a[key])}\n  ${cut(b[key])}`;
  }
  return '';
}

/** Compares what the viewer is answered by both games at one stage. */
async function compare(pair: Pair, twin: OrderTwin, stage: string, tally: Tally) {
  const [a, b] = await Promise.all([answers(pair.a, twin.viewer, twin.k), answers(pair.b, twin.viewer, twin.k)]);
  const label = `step ${twin.k} (${twin.point}${twin.sealed ? ', sealed' : ''}): seat ${twin.seat}'s orders as seen by ${twin.viewer}, ${stage}`;
  expect(difference(a, b), label).toBe('');
  tally.stages[stage] = (tally.stages[stage] ?? 0) + 1;
  for (const [key, value] of Object.entries(a))
    if (key === 'calendar' ? value.includes('BEGIN:VEVENT') : !['', '[]'].includes(value))
      tally.filled[key] = (tally.filled[key] ?? 0) + 1;
}

/** One checkpoint: two games played alike up to the twin's step, then given the two order sets there. */
async function checkTwin(game: AnyGamePackage, mode: string, steps: ServiceStep[], twin: OrderTwin, tally: Tally) {
  const pair = await createPair(game, mode);
  // The two games are independent of each other: each is played up to the checkpoint while the other is.
  const upTo = async (g: GameHandle) => {
    for (let n = 0; n < twin.k; n++) await playStep(g, n, steps[n].orders);
  };
  await Promise.all([upTo(pair.a), upTo(pair.b)]);
  const step = await currentStep(t.deps, pair.a.id);
  // The service is where the engine worked out it would be.
  expect([step.number, canonicalJson(step.envelope.state)]).toEqual([
    twin.k,
    canonicalJson(steps[twin.k].before.state),
  ]);
  await compare(pair, twin, 'before the step', tally);
  const played = steps[twin.k].orders;
  await Promise.all([post(pair.a, twin.seat, played[twin.seat]), post(pair.b, twin.seat, twin.orders[twin.seat])]);
  const rest = Object.keys(played)
    .filter((s) => s !== twin.seat)
    .sort((x, y) => (x === twin.viewer ? 1 : y === twin.viewer ? -1 : x.localeCompare(y)));
  if (rest.length) await compare(pair, twin, "once the other seat's orders are in", tally);
  const own: Record<string, string>[] = [{}, {}];
  for (const seat of rest) {
    const [a, b] = await Promise.all([post(pair.a, seat, played[seat]), post(pair.b, seat, played[seat])]);
    if (seat === twin.viewer) [own[0], own[1]] = [{ 'POST /orders': a }, { 'POST /orders': b }];
  }
  expect(difference(own[0], own[1]), `step ${twin.k}: ${twin.viewer}'s own submission`).toBe('');
  await compare(pair, twin, 'awaiting review', tally);
  await Promise.all([approve(pair.a, twin.k), approve(pair.b, twin.k)]);
  if (twin.sameResult) await compare(pair, twin, 'published', tally);
  tally.checkpoints++;
  if (twin.sealed) tally.sealed++;
}

describe.each(registered)('%s', (id, game) => {
  const tallies: Tally[] = [];

  it.each(game.modes.map((mode) => [mode]))(
    "%s: another seat's hidden orders leave no trace in what the service answers a seat",
    async (mode) => {
      const steps = serviceGame(game, mode, SECRET, randomSource(`sealed-${id}-${mode}`), MAX_STEPS);
      const count = Math.max(2, Math.ceil(CHECKPOINTS / game.modes.length));
      const twins = checkpoints(game, mode, steps, count, randomSource(`twins-${id}-${mode}`));
      const tally: Tally = { checkpoints: 0, sealed: 0, stages: {}, filled: {} };
      for (const twin of twins) await checkTwin(game, mode, steps, twin, tally);
      console.info(`[sealed orders] ${id} ${mode}: ${JSON.stringify(tally)}`);
      expect(tally.checkpoints).toBeGreaterThan(0);
      // A game that met a sealed step of several seats was compared at one.
      const sealed = steps.filter((s) => s.owed.some((o) => o.sealed) && Object.keys(s.orders).length > 1);
      if (sealed.length) expect(tally.sealed).toBeGreaterThan(0);
      tallies.push(tally);
    },
    300_000,
  );

  it('compared published steps, not only steps before resolution', () => {
    expect(tallies).toHaveLength(game.modes.length);
    expect(tallies.reduce((n, tally) => n + (tally.stages.published ?? 0), 0)).toBeGreaterThan(0);
  });

  it('compared the page, the map picture, the calendar, mails and webhooks, each with something in it', () => {
    const filled = (key: string) => tallies.reduce((n, tally) => n + (tally.filled[key] ?? 0), 0);
    for (const key of ['GET /play/<game>', 'GET /play/<game>/map.svg', 'calendar', 'mails', 'webhooks'])
      expect(filled(key), key).toBeGreaterThan(0);
  });
});
