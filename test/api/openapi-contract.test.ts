/**
 * The OpenAPI document against real answers: every operation is exercised through the app, on its success and on
 * the errors a client meets (bad body, wrong role, unknown step or seat, a state conflict, orders the rules refuse),
 * and every answer is checked by test/support/openapi-check.ts: a status the operation documents, a body its
 * schema allows, and nothing dropped by the serializer. The document itself must be valid OpenAPI 3.1. The
 * statuses every operation shares (400, 413, 415, 429, 500, 503) are swept in openapi-statuses.test.ts.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerOf, buildTestApp, type TestApp } from '../support/app.ts';
import { openApiChecker } from '../support/openapi-check.ts';
import { games } from '../../src/games/index.ts';
import { awMailGame } from '../support/service-process.ts';
import { toyV2 } from '../support/toy-v2.ts';
import type { AnyGame } from '../../src/engine/types.ts';

const INBOUND = 'inbound-secret-0123456789abcdef';
const checker = openApiChecker();
let t: TestApp;
let doc: Record<string, unknown>;
/** How far the service's clock runs ahead of the real one (an absence can be over without waiting for it). */
let ahead = 0;
/** The toy package installed instead of the registry's (a newer rules version), when set. */
let toyInstalled: AnyGame | undefined;

beforeAll(async () => {
  t = await buildTestApp({
    config: { INBOUND_WEBHOOK_TOKEN: INBOUND, INBOUND_MAX_BYTES: 4096 },
    clock: () => new Date(Date.now() + ahead),
    extraPlugins: [checker.recorder],
    gameLookup: (id) => (id === 'toy' ? toyInstalled : undefined),
  });
  doc = await checker.load(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** Sends a request, expects its status, and checks the answer against the document. */
async function call(expected: number, opts: InjectOptions & { auth?: { authorization: string } }) {
  const { auth, ...rest } = opts;
  const res = await t.app.inject({ ...rest, headers: { ...rest.headers, ...auth } });
  expect(res.statusCode, `${opts.method} ${opts.url}: ${res.body.slice(0, 400)}`).toBe(expected);
  expect(checker.check(res), `${opts.method} ${opts.url} is not a documented operation`).not.toBeNull();
  return res;
}

interface Game {
  id: string;
  moderator: { authorization: string };
  seat: Record<string, { authorization: string }>;
  person?: { authorization: string };
}

async function create(payload: Record<string, unknown>): Promise<Game> {
  const body = (await call(201, { method: 'POST', url: '/api/games', auth: t.adminAuth, payload })).json();
  const seat = Object.fromEntries(body.seats.map((s: { side: string; token: string }) => [s.side, bearerOf(s.token)]));
  const person = body.persons[0] ? bearerOf(body.persons[0].token) : undefined;
  return { id: body.id, moderator: bearerOf(body.moderatorToken), seat, person };
}

const toy = (extra: Record<string, unknown> = {}, emails = ['a@example.org', 'b@example.org']) => ({
  game: 'toy',
  mode: 'mail',
  options: { rounds: 2 },
  seats: [
    { side: 'a', email: emails[0], name: 'Alice' },
    { side: 'b', email: emails[1], locale: 'ja', timeZone: 'Asia/Tokyo' },
  ],
  ...extra,
});
const orders = (g: Game, auth: { authorization: string }, body: unknown, expected: number) =>
  call(expected, { method: 'POST', url: `/api/games/${g.id}/orders`, auth, payload: { orders: body } });
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

it('is a valid OpenAPI 3.1 document, every operation named and every error the shared Error schema', async () => {
  const result = await new Validator().validate(doc);
  expect(result.errors ?? [], String(JSON.stringify(result.errors)).slice(0, 2000)).toEqual([]);
  expect(result.valid).toBe(true);
  const ops = checker.operations();
  expect(new Set(ops.map((o) => o.id)).size).toBe(ops.length);
  for (const op of ops) {
    for (const [status, answer] of Object.entries(op.responses)) {
      if (Number(status) < 400 || op.id === 'getHealth' || (op.id === 'postInboundMail' && status === '413')) continue;
      expect(answer.content?.['application/json']?.schema, `${op.id} ${status}`).toEqual({
        $ref: '#/components/schemas/Error',
      });
    }
  }
  // No page, feed or sink is an operation.
  expect(ops.filter((o) => !/^\/(api|mail\/inbound|health)/.test(o.path))).toEqual([]);
});

describe('every operation answers as documented', () => {
  it('games: create, view (seat, moderator, person), history, one step, record', async () => {
    await call(401, { method: 'POST', url: '/api/games', payload: toy() });
    await call(422, { method: 'POST', url: '/api/games', auth: t.adminAuth, payload: toy({ game: 'no-such-game' }) });
    await call(400, { method: 'POST', url: '/api/games', auth: t.adminAuth, payload: toy({ seats: 'none' }) });
    const practice = { game: 'toy', mode: 'mail', player: { email: 'solo@example.org' } };
    await call(201, { method: 'POST', url: '/api/practice-games', auth: t.adminAuth, payload: practice });
    await call(400, {
      method: 'POST',
      url: '/api/practice-games',
      auth: t.adminAuth,
      payload: { ...practice, side: 'x' },
    });
    await call(401, { method: 'POST', url: '/api/practice-games', payload: practice });
    const g = await create(toy());
    const p = await create(toy({}, ['p@example.org', 'p@example.org']));
    const aw = await create(awMailGame('contract'));
    for (const auth of [g.seat.a, g.moderator]) await call(200, { method: 'GET', url: `/api/games/${g.id}`, auth });
    await call(200, { method: 'GET', url: `/api/games/${p.id}`, auth: p.person });
    for (const auth of [aw.seat.allied, aw.seat.german, aw.moderator])
      await call(200, { method: 'GET', url: `/api/games/${aw.id}`, auth });
    await call(401, { method: 'GET', url: `/api/games/${g.id}` });
    await orders(g, g.seat.a, { pick: 3 }, 200);
    await orders(p, p.person as Game['moderator'], { a: { pick: 1 }, b: { pick: 2 } }, 200);
    await orders(g, g.seat.b, { pick: 4, standing: { note: 'hold' } }, 200); // completes step 0
    for (const [game, auth] of [
      [g, g.seat.a],
      [g, g.moderator],
      [p, p.person],
      [aw, aw.seat.german],
    ] as const) {
      await call(200, { method: 'GET', url: `/api/games/${game.id}/steps`, auth });
      await call(200, { method: 'GET', url: `/api/games/${game.id}/steps/0`, auth });
      await call(200, { method: 'GET', url: `/api/games/${game.id}/record`, auth });
    }
    await call(404, { method: 'GET', url: `/api/games/${g.id}/steps/99`, auth: g.seat.a });
    await call(200, { method: 'GET', url: `/api/games/${p.id}/record?seat=b`, auth: p.person });
    await call(403, { method: 'GET', url: `/api/games/${p.id}/record?seat=zz`, auth: p.person });
    await call(401, { method: 'GET', url: `/api/games/${g.id}/steps` });
    // To the end: the outcome, the revealed seed.
    await orders(g, g.seat.a, { pick: 2 }, 200);
    await call(200, { method: 'GET', url: `/api/games/${g.id}`, auth: g.seat.b });
    const record = await call(200, { method: 'GET', url: `/api/games/${g.id}/record`, auth: g.seat.b });
    expect(record.json().dice.kind).toBe('seed');
    await orders(g, g.seat.a, { pick: 2 }, 409);
    // A finished game: nothing more to amend, no absence to declare.
    const url = `/api/games/${g.id}`;
    const absence = { startsAt: inAnHour(), endsAt: new Date(Date.now() + 86_400_000).toISOString() };
    await call(409, {
      method: 'PUT',
      url: `${url}/seats/a/orders`,
      auth: g.moderator,
      payload: { orders: { pick: 1 } },
    });
    await call(409, { method: 'POST', url: `${url}/absences`, auth: g.seat.a, payload: absence });
  });

  it.each(Object.values(games).map((g) => [g.id, g] as const))(
    '%s: the view, board and choices of every seat and the moderator, history and record, as documented',
    async (_id, game) => {
      const mode = game.shortGame?.mode ?? game.modes[0];
      const seats = game.sides(mode).map((side, i) => ({ side: side.seat, email: `s${i}@example.org` }));
      const g = await create({ game: game.id, mode, options: game.shortGame?.options ?? {}, seats });
      for (const auth of [g.moderator, ...Object.values(g.seat)]) {
        for (const path of ['', '/steps', '/steps/0', '/record', '/orders'])
          await call(200, { method: 'GET', url: `/api/games/${g.id}${path}`, auth });
      }
    },
  );

  it('orders: submit, refused by the rules, read back; by the wrong role', async () => {
    const g = await create(toy());
    await orders(g, g.seat.a, { pick: 9 }, 422);
    await orders(g, g.seat.a, { pick: 5 }, 200);
    await orders(g, g.moderator, { pick: 5 }, 403);
    await orders(g, bearerOf('not-a-token-of-this-game'), { pick: 5 }, 401);
    for (const auth of [g.seat.a, g.moderator])
      await call(200, { method: 'GET', url: `/api/games/${g.id}/orders`, auth });
    await call(401, { method: 'GET', url: `/api/games/${g.id}/orders` });
  });

  it('moderation: a step awaiting review, approved, then another rejected', async () => {
    const r = await create(toy({ review: 'moderator' }));
    const mod = r.moderator;
    await orders(r, r.seat.a, { pick: 1 }, 200);
    await orders(r, r.seat.b, { pick: 2 }, 200); // a preview awaits review
    await call(200, { method: 'GET', url: `/api/games/${r.id}`, auth: mod });
    const awaitingDeadline = { deadlineAt: inAnHour() }; // a step awaiting review has no deadline to set
    await call(409, { method: 'PUT', url: `/api/games/${r.id}/deadline`, auth: mod, payload: awaitingDeadline });
    await call(403, { method: 'POST', url: `/api/games/${r.id}/steps/0/approve`, auth: r.seat.a });
    await call(200, { method: 'POST', url: `/api/games/${r.id}/steps/0/approve`, auth: mod });
    await call(409, { method: 'POST', url: `/api/games/${r.id}/steps/0/approve`, auth: mod });
    await orders(r, r.seat.a, { pick: 3 }, 200);
    const reject = (n: number) => ({ method: 'POST' as const, url: `/api/games/${r.id}/steps/${n}/reject`, auth: mod });
    await call(409, { ...reject(0), payload: { reason: 'not this one' } });
    await call(400, { ...reject(1), payload: { reason: '' } });
    await call(200, { ...reject(1), payload: { reason: 'a typo in the set-up' } });
  });

  it("moderation: amend, pause and resume, a seat's player and tokens, the deadline, the audit log", async () => {
    const g = await create(toy());
    const amend = (side: string, body: Record<string, unknown>) => ({
      method: 'PUT' as const,
      url: `/api/games/${g.id}/seats/${side}/orders`,
      auth: g.moderator,
      payload: body,
    });
    await call(200, amend('a', { orders: { pick: 2 }, reason: 'by phone' }));
    await call(404, amend('zz', { orders: { pick: 2 } }));
    await call(422, amend('b', { orders: { pick: 0 } }));
    await call(403, { ...amend('b', { orders: { pick: 2 } }), auth: g.seat.a });
    const pause = {
      method: 'POST' as const,
      url: `/api/games/${g.id}/pause`,
      auth: g.moderator,
      payload: { reason: 'holiday' },
    };
    await call(200, pause);
    await call(409, pause);
    await orders(g, g.seat.b, { pick: 2 }, 409);
    await call(200, amend('b', { orders: { pick: 6 } })); // completes the step while paused
    await call(200, { method: 'POST', url: `/api/games/${g.id}/resume`, auth: g.moderator }); // ... which resolves now
    await call(409, { method: 'POST', url: `/api/games/${g.id}/resume`, auth: g.moderator });
    const seatUrl = (side: string) => `/api/games/${g.id}/seats/${side}`;
    await call(200, {
      method: 'PUT',
      url: seatUrl('b'),
      auth: g.moderator,
      payload: { email: 'b2@example.org', name: 'Bea' },
    });
    await call(404, { method: 'PUT', url: seatUrl('zz'), auth: g.moderator, payload: { email: 'z@example.org' } });
    await call(400, { method: 'PUT', url: seatUrl('b'), auth: g.moderator, payload: { email: 'not an address' } });
    await call(200, { method: 'POST', url: `${seatUrl('b')}/rotate-token`, auth: g.moderator });
    await call(404, { method: 'POST', url: `${seatUrl('zz')}/rotate-token`, auth: g.moderator });
    const holder = (side: string, payload: Record<string, unknown>) => ({
      method: 'POST' as const,
      url: `${seatUrl(side)}/holder`,
      auth: g.moderator,
      payload,
    });
    await call(200, holder('b', { email: 'b3@example.org', locale: 'ja' }));
    await call(200, holder('b', { holderOf: 'a' }));
    await call(409, holder('b', { holderOf: 'a' }));
    await call(404, holder('b', { holderOf: 'zz' }));
    await call(400, holder('b', { email: 'not an address' }));
    await call(200, holder('b', { email: 'b4@example.org' }));
    // Who plays a seat: the moderator hands it to the computer and back; its player takes it back.
    const bot = (side: string, method: 'POST' | 'DELETE' = 'POST') => ({
      method,
      url: `${seatUrl(side)}/bot`,
      auth: g.moderator,
    });
    const reclaim = { method: 'POST' as const, url: `/api/games/${g.id}/reclaim`, auth: g.seat.a };
    await call(200, bot('a'));
    await call(409, bot('a'));
    await call(404, bot('zz'));
    await call(200, reclaim);
    await call(409, reclaim);
    await call(200, bot('a'));
    await call(200, bot('a', 'DELETE'));
    await call(409, bot('a', 'DELETE'));
    const deadline = (deadlineAt: string | null) => ({
      method: 'PUT' as const,
      url: `/api/games/${g.id}/deadline`,
      auth: g.moderator,
      payload: { deadlineAt },
    });
    await call(200, deadline(inAnHour()));
    await call(200, deadline(null));
    await call(400, deadline('2001-01-01T00:00:00Z'));
    await call(200, { method: 'GET', url: `/api/games/${g.id}/audit`, auth: g.moderator });
    await call(403, { method: 'GET', url: `/api/games/${g.id}/audit`, auth: g.seat.a });
  });

  it('deadlines: absences, moves, defaults, punctuality, webhooks', async () => {
    const g = await create(toy());
    const url = `/api/games/${g.id}`;
    const day = 86_400_000;
    const absence = {
      startsAt: new Date(Date.now() + day).toISOString(),
      endsAt: new Date(Date.now() + 2 * day).toISOString(),
    };
    await call(400, {
      method: 'POST',
      url: `${url}/absences`,
      auth: g.seat.a,
      payload: { startsAt: absence.endsAt, endsAt: absence.startsAt },
    });
    await call(403, { method: 'POST', url: `${url}/absences`, auth: g.moderator, payload: absence });
    const declared = await call(201, { method: 'POST', url: `${url}/absences`, auth: g.seat.a, payload: absence });
    await call(200, { method: 'GET', url: `${url}/absences`, auth: g.seat.b });
    await call(200, { method: 'DELETE', url: `${url}/absences/${declared.json().absence.id}`, auth: g.seat.a });
    await call(404, { method: 'DELETE', url: `${url}/absences/no-such-absence`, auth: g.seat.a });
    const over = await call(201, { method: 'POST', url: `${url}/absences`, auth: g.seat.b, payload: absence });
    ahead = 3 * day; // the absence is over: it stays on record
    try {
      await call(409, { method: 'DELETE', url: `${url}/absences/${over.json().absence.id}`, auth: g.seat.b });
    } finally {
      ahead = 0;
    }
    const move = (how: string, seconds: number) => ({
      method: 'POST' as const,
      url: `${url}/deadline/${how}`,
      auth: g.moderator,
      payload: { seconds },
    });
    await call(409, move('extend', 3600));
    await call(409, move('shorten', 600));
    await call(200, { method: 'PUT', url: `${url}/deadline`, auth: g.moderator, payload: { deadlineAt: inAnHour() } });
    await call(200, move('extend', 3600));
    await call(200, move('shorten', 600));
    await call(400, move('extend', 1));
    await call(200, { method: 'POST', url: `${url}/deadline/apply-defaults`, auth: g.moderator });
    await call(200, { method: 'GET', url: `${url}/punctuality`, auth: g.moderator });
    await call(403, { method: 'GET', url: `${url}/punctuality`, auth: g.seat.a });
    const hook = await call(201, {
      method: 'POST',
      url: `${url}/webhooks`,
      auth: g.moderator,
      payload: { url: 'https://example.org/hook' },
    });
    await call(400, {
      method: 'POST',
      url: `${url}/webhooks`,
      auth: g.moderator,
      payload: { url: 'ftp://example.org/x' },
    });
    await call(200, { method: 'GET', url: `${url}/webhooks`, auth: g.moderator });
    await call(204, { method: 'DELETE', url: `${url}/webhooks/${hook.json().id}`, auth: g.moderator });
    await call(404, { method: 'DELETE', url: `${url}/webhooks/${hook.json().id}`, auth: g.moderator });
  });

  it('the rules upgrade: previewed, refused while nothing changes, applied under newer rules', async () => {
    const g = await create(toy());
    await orders(g, g.seat.a, { pick: 1 }, 200);
    await orders(g, g.seat.b, { pick: 2 }, 200);
    const url = `/api/games/${g.id}/rules-upgrade`;
    await call(403, { method: 'GET', url, auth: g.seat.a });
    await call(200, { method: 'GET', url, auth: g.moderator });
    await call(409, { method: 'POST', url, auth: g.moderator });
    toyInstalled = toyV2;
    try {
      await call(200, { method: 'GET', url, auth: g.moderator });
      await call(200, { method: 'POST', url, auth: g.moderator });
    } finally {
      toyInstalled = undefined;
    }
  });

  it('the mail door and the health check', async () => {
    const mail = (n: number, extra = '') =>
      `From: someone@example.org\r\nTo: orders@example.org\r\nSubject: hello\r\nMessage-ID: <contract-${n}@example.org>\r\n\r\nHELP\r\n${extra}`;
    const door = (payload: string, headers: Record<string, string>) => ({
      method: 'POST' as const,
      url: '/mail/inbound',
      payload,
      headers: { 'content-type': 'message/rfc822', ...headers },
    });
    const auth = { authorization: `Bearer ${INBOUND}` };
    await call(202, door(mail(1), auth));
    await call(200, door(mail(1), auth));
    await call(401, door(mail(2), {}));
    await call(413, door(mail(3, 'x'.repeat(8000)), auth));
    await call(400, { method: 'POST', url: '/mail/inbound', headers: auth, payload: { raw: 5 } });
    await call(200, { method: 'GET', url: '/health' });
  });

  it('left no operation without its success answered and checked', () => {
    const missing = checker
      .operations()
      .filter((op) => ![...(checker.covered.get(op.id) ?? [])].some((s) => s.startsWith('2')));
    expect(missing.map((op) => op.id)).toEqual([]);
    const pairs = [...checker.covered.values()].reduce((n, s) => n + s.size, 0);
    console.info(
      `openapi contract: ${checker.operations().length} operations, ${pairs} (operation, status) pairs answered and checked`,
    );
  });
});
