/**
 * A moderator's rejection never stalls a game silently (real Postgres, through the API, the console and mail):
 * every seat is told, in its language, with the reason (mail and page); the step reopens with a deadline (the
 * game's rule counted from the rejection, the moderator's instant, or 72 hours), whose job is queued; it resolves
 * again as soon as every owed seat has confirmed (the same orders again) or revised, or at the deadline with the
 * orders on file.
 */
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBoss } from '../../src/queue/boss.ts';
import { markJobTablesInstalled } from '../../src/queue/enqueue.ts';
import { jobIdFor, QUEUES } from '../../src/queue/queues.ts';
import { atlanticWolves, type AwState } from '../../src/games/atlantic-wolves/index.ts';
import { intakeMail } from '../../src/mail/intake.ts';
import { handleDeadline } from '../../src/services/deadlines/policy.ts';
import { resolveIfReady } from '../../src/services/turn-processor.ts';
import { buildTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/app.ts';
import { createGameVia, postOrders, toyPayload, type GameHandle } from '../support/api-helpers.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import { client, csrfOf } from '../web/helpers.ts';

let t: TestApp;
let boss: PgBoss;
let now = new Date('2026-05-04T09:00:00Z');
const H = 3600_000;

beforeAll(async () => {
  t = await buildTestApp({ games: [toyGame], clock: () => now, config: { MAIL_DOMAIN: 'judge.test' } });
  boss = await startBoss({ databaseUrl: t.database.url, config: t.deps.config, log: t.deps.log, worker: false });
  markJobTablesInstalled();
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await t?.close();
});

const api = (g: GameHandle, method: 'GET' | 'POST', path: string, auth = g.moderator, payload?: object) =>
  t.app.inject({ method, url: `/api/games/${g.id}${path}`, headers: auth, ...(payload ? { payload } : {}) });

/** A toy game in review mode whose step 0 (both seats owe) awaits review. */
async function awaitingReview(extra: Record<string, unknown> = {}) {
  now = new Date('2026-05-04T09:00:00Z');
  const g = await createGameVia(t, toyPayload({ review: 'moderator', moderatorEmail: 'mod@example.org', ...extra }));
  await postOrders(t, g.id, g.seat.a, { pick: 2 });
  expect((await postOrders(t, g.id, g.seat.b, { pick: 3 })).json().resolution.status).toBe('awaiting_review');
  const preview = (await api(g, 'GET', '')).json().preview.events;
  return { g, preview };
}

const noticesOf = (g: GameHandle) =>
  t.db.outbox.findMany({ where: { gameId: g.id, kind: 'rejected' }, orderBy: { toAddress: 'asc' } });
const stepOf = async (g: GameHandle, auth = g.moderator) => (await api(g, 'GET', '', auth)).json().step;

describe('rejecting a result', () => {
  it('tells every seat why in its language; resolves again once every owed seat confirmed or revised', async () => {
    const { g } = await awaitingReview();
    now = new Date(now.getTime() + H);
    const reject = await api(g, 'POST', '/steps/0/reject', g.moderator, { reason: 'b mistyped <pick>' });
    expect(reject.statusCode, reject.body).toBe(200);
    // The toy game has no deadline rule: 72 hours from the rejection.
    const in72h = new Date(now.getTime() + 72 * H).toISOString();
    expect(reject.json()).toEqual({ step: 0, deadlineAt: in72h, awaiting: ['a', 'b'] });

    const told = await noticesOf(g);
    expect(told.map((m) => m.toAddress)).toEqual(['a@example.org', 'b@example.org']);
    expect(told[0].text).toContain('Reason: "b mistyped <pick>"');
    expect(told[0].text).toContain('Thu 2026-05-07 10:00 (UTC)'); // a's zone
    expect(told[1].subject).toContain('差し戻されました');
    expect(told[1].text).toContain('理由: 「b mistyped <pick>」');
    expect(told[1].text).toContain('19:00'); // b is in Asia/Tokyo
    for (const m of told) expect(m.replyTo).toMatch(/^orders\+.+@judge\.test$/);
    // Each holds its own orders on file as a reply template, in the order syntax, never the other seat's.
    expect(told[0].text).toContain('Your orders on file (to confirm them, reply with these lines unchanged');
    expect(told[0].text).toMatch(/^PICK 2$/m);
    expect(told[0].text).not.toMatch(/PICK 3/);
    expect(told[1].text).toContain('保存されている命令 (確認するにはこの行をそのまま返信');
    expect(told[1].text).toMatch(/^選択 3$/m);
    expect(told[1].text).not.toMatch(/選択 2|進行役/);

    // Every seat sees why on its view, and who has yet to confirm.
    for (const side of ['a', 'b']) {
      const step = await stepOf(g, g.seat[side]);
      expect(step).toMatchObject({ status: 'open', rejectedReason: 'b mistyped <pick>' });
      expect(step.awaitingConfirmation).toEqual(['a', 'b']);
    }

    // b revises: not resolved yet, a has not confirmed.
    expect((await postOrders(t, g.id, g.seat.b, { pick: 5 })).json().resolution).toBeNull();
    expect(await stepOf(g)).toMatchObject({ status: 'open', awaitingConfirmation: ['a'] });
    // a confirms by sending the same orders again: resolved again, into a new preview.
    const confirmed = await postOrders(t, g.id, g.seat.a, { pick: 2 });
    expect(confirmed.json().resolution).toMatchObject({ resolved: true, status: 'awaiting_review' });
    const step = await stepOf(g);
    expect(step.status).toBe('awaiting_review');
    expect(step.rejectedReason).toBeUndefined();
    const audit = (await api(g, 'GET', '/audit')).json().entries;
    const detail = audit.find((e: { action: string }) => e.action === 'step.reject').detail;
    expect(detail).toEqual({ step: 0, reason: 'b mistyped <pick>', deadlineAt: in72h, awaiting: ['a', 'b'] });
  });

  it('at the deadline nobody confirmed, the orders on file stand: the same result again, no silent stall', async () => {
    const { g, preview } = await awaitingReview();
    const body = { reason: 'check the dice', deadlineAt: '2026-05-05T12:00:00Z' };
    const reject = await api(g, 'POST', '/steps/0/reject', g.moderator, body);
    expect(reject.json().deadlineAt).toBe('2026-05-05T12:00:00.000Z');
    const step = await t.db.step.findFirstOrThrow({ where: { gameId: g.id, number: 0 } });
    const D = new Date('2026-05-05T12:00:00Z');
    const jobId = jobIdFor(`${QUEUES.deadline}:${step.id}:${D.toISOString()}`);
    expect(await boss.getJobById(QUEUES.deadline, jobId)).not.toBeNull();
    // Nothing resolves before it, though every order is in: no seat has confirmed.
    expect(await resolveIfReady(t.deps, g.id)).toEqual({ resolved: false, reason: 'not-ready' });
    now = new Date(D.getTime() - 1000);
    const job = (at: Date) => ({ gameId: g.id, stepId: step.id, at: at.toISOString() });
    expect(await handleDeadline(t.deps, job(new Date(D.getTime() - 60_000)))).toBe('moved');
    now = D;
    expect(await handleDeadline(t.deps, job(D))).toBe('kept-orders');
    const view = (await api(g, 'GET', '')).json();
    expect(view.step.status).toBe('awaiting_review');
    expect(view.preview.events).toEqual(preview); // the same orders give the same dice
    const audit = (await api(g, 'GET', '/audit')).json().entries;
    const entries = audit.map((e: { action: string; detail: unknown }) => [e.action, e.detail]);
    expect(entries).toContainEqual(['orders.kept', { step: 0, sides: ['a', 'b'] }]);
    // The moderator is told the new preview awaits review.
    expect(await t.db.outbox.count({ where: { gameId: g.id, kind: 'moderator' } })).toBe(2);
  });

  it("the game's deadline rule counts from the rejection; a deadline in the past is refused", async () => {
    const { g } = await awaitingReview({ deadlines: { default: { length: '2d' } } });
    const earlier = { reason: 'x', deadlineAt: '2026-05-04T08:00:00Z' };
    const past = await api(g, 'POST', '/steps/0/reject', g.moderator, earlier);
    expect([past.statusCode, past.json().error.code]).toEqual([400, 'deadline/in-past']);
    expect((await stepOf(g)).status).toBe('awaiting_review'); // nothing half-done
    expect(await t.db.outbox.count({ where: { gameId: g.id, kind: 'rejected' } })).toBe(0);
    now = new Date('2026-05-10T15:00:00Z');
    const reject = await api(g, 'POST', '/steps/0/reject', g.moderator, { reason: 'again' });
    expect(reject.json().deadlineAt).toBe('2026-05-12T15:00:00.000Z');
    expect((await stepOf(g, g.seat.a)).deadlineAt).toBe('2026-05-12T15:00:00.000Z');
  });
});

describe('rejecting from the console and by mail', () => {
  /** An Atlantic Wolves game whose opening placement (AW 12.0-2, the Allied seat alone owes) awaits review. */
  async function awPlacementAwaitingReview() {
    const g = await createGameVia(t, {
      game: 'atlantic-wolves',
      mode: 'mail',
      review: 'moderator',
      seats: [
        { side: 'allied', email: 'ally@example.org', locale: 'ja', timeZone: 'Asia/Tokyo' },
        { side: 'german', email: 'wolf@example.org' },
      ],
    });
    const step0 = await t.db.step.findFirstOrThrow({ where: { gameId: g.id, number: 0 } });
    const orders = atlanticWolves.defaultOrders((step0.envelope as unknown as { state: AwState }).state, 'allied');
    expect((await postOrders(t, g.id, g.seat.allied, orders)).json().resolution.status).toBe('awaiting_review');
    return g;
  }

  it('console: reject with hours; the player page shows the reason; sending its orders again confirms', async () => {
    const g = await awPlacementAwaitingReview();
    const player = client(t.app);
    await player.get(`/play/${g.id}?token=${encodeURIComponent(g.tokens.allied)}`);

    const operator = client(t.app);
    await operator.get(`/console/login?token=${TEST_ADMIN_TOKEN}`);
    const base = `/console/games/${g.id}`;
    const form = { _csrf: csrfOf((await operator.get(base)).body), step: '0', reason: 'CB is wrong', hours: '24' };
    const rejected = await operator.post(`${base}/reject`, form);
    expect(rejected.statusCode).toBe(303);
    expect((await stepOf(g)).deadlineAt).toBe(new Date(now.getTime() + 24 * H).toISOString());

    const page = await player.get(`/play/${g.id}`);
    expect(page.body).toContain('理由: 「CB is wrong」');
    expect(page.body).toContain('確認する');
    // The page's text box holds the orders on file: sending it unchanged confirms them.
    const escaped = /<textarea id="order-text" name="text"[^>]*>([^<]*)<\/textarea>/.exec(page.body)![1];
    const text = escaped
      .replace(/&gt;/g, '>')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    expect((await player.post(`/play/${g.id}/orders/text`, { _csrf: csrfOf(page.body), text })).statusCode).toBe(303);
    expect((await stepOf(g)).status).toBe('awaiting_review');
  });

  it("mail: the moderator's REJECT tells the seats and reopens the step with a deadline", async () => {
    const g = await awPlacementAwaitingReview();
    const headers = `From: mod@example.org\r\nTo: orders@judge.test\r\nMessage-ID: <reject-${g.id}@example.org>\r\n`;
    const mail = `${headers}Subject: review\r\n\r\nSIGNON ${g.body.moderatorToken}\r\nREJECT wrong pick\r\n`;
    expect((await intakeMail(t.deps, { source: 'http', raw: Buffer.from(mail) })).status).toBe('processed');
    const deadlineAt = new Date(now.getTime() + 72 * H).toISOString();
    const step = await stepOf(g);
    expect(step).toMatchObject({ status: 'open', rejectedReason: 'wrong pick', deadlineAt });
    expect(step.awaitingConfirmation).toEqual(['allied']);
    const told = await noticesOf(g);
    const japanese = told.map((m) => [m.toAddress, m.subject.includes('差し戻されました')]);
    expect(japanese).toEqual([
      ['ally@example.org', true],
      ['wolf@example.org', false],
    ]);
    expect(told[1].text).toContain('Nothing is asked of you'); // the German seat owes nothing at the opening placement
  });
});
