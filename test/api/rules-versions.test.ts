/**
 * Rules versions through the service on real Postgres: every step records the version that resolved it; code that
 * cannot reproduce a game's version refuses to resolve it (paused, audited, the moderator told) instead of guessing;
 * the moderator previews the upgrade (per seat, nothing of another seat's hidden information), applies it (audited,
 * every player told with its own list), and the finished game verifies step by step under each step's version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSchema, verifyRecord } from '../../src/engine/record.ts';
import type { AnyGame } from '../../src/engine/types.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import { resolveDueSteps } from '../../src/services/recovery.ts';
import { buildTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/app.ts';
import { client, csrfOf } from '../web/helpers.ts';
import { createGameVia, postOrders, toyPayload, type GameHandle } from '../support/api-helpers.ts';
import { toyV2, toyV2Keeping1 } from '../support/toy-v2.ts';

let t: TestApp;
/** The toy package the service holds now (the test installs "new code" by changing it). */
let installed: AnyGame = toyGame;

beforeAll(async () => {
  t = await buildTestApp({ gameLookup: (id) => (id === 'toy' ? installed : undefined) });
});
afterAll(async () => {
  await t?.close();
});

const get = (g: GameHandle, url: string, headers = g.moderator) =>
  t.app.inject({ method: 'GET', url: `/api/games/${g.id}${url}`, headers });
const post = (g: GameHandle, url: string, headers = g.moderator) =>
  t.app.inject({ method: 'POST', url: `/api/games/${g.id}${url}`, headers });
const auditActions = async (g: GameHandle) =>
  (await get(g, '/audit')).json().entries as { action: string; actor: string; detail: Record<string, unknown> }[];

/** A toy game of four rounds whose step 0 was resolved under version "1". */
async function gameAtStep1(): Promise<GameHandle> {
  installed = toyGame;
  const g = await createGameVia(t, toyPayload({ options: { rounds: 4 }, moderatorEmail: 'mod@example.org' }));
  await postOrders(t, g.id, g.seat.a, { pick: 2 });
  const res = await postOrders(t, g.id, g.seat.b, { pick: 5 });
  expect(res.json().resolution).toMatchObject({ resolved: true, step: 0 });
  return g;
}

describe('every step records its rules version', () => {
  it('the game and the resolved step carry the version, and so does the record', async () => {
    const g = await gameAtStep1();
    const game = await t.db.game.findUniqueOrThrow({ where: { id: g.id } });
    expect(game.rulesVersion).toBe('1');
    const steps = await t.db.step.findMany({ where: { gameId: g.id }, orderBy: { number: 'asc' } });
    expect(steps.map((s) => s.rulesVersion)).toEqual(['1', null]); // step 1 is open: nothing resolved it yet
    const record = (await get(g, '/record')).json();
    expect(record.rulesVersion).toBe('1');
    expect(record.steps.map((s: { rulesVersion: string }) => s.rulesVersion)).toEqual(['1']);
    expect((await get(g, '')).json()).toMatchObject({ rulesVersion: '1', rulesUpgrade: null });
  });
});

describe('code that cannot reproduce the game’s version', () => {
  it('refuses to resolve: the order is kept, the game paused, audited, the moderator told; no retry loop', async () => {
    const g = await gameAtStep1();
    installed = toyV2; // new code, without version "1"
    const res = await postOrders(t, g.id, g.seat.a, { pick: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resolution).toBeNull();
    const step = await t.db.step.findFirstOrThrow({ where: { gameId: g.id, number: 1 }, include: { orders: true } });
    expect(step.status).toBe('open');
    expect(step.orders.map((o) => o.parsed)).toEqual([{ pick: 4 }]);
    const view = (await get(g, '')).json();
    expect(view).toMatchObject({ status: 'paused', rulesVersion: '1', rulesUpgrade: { to: '2', reproducible: false } });
    const refused = (await auditActions(g)).find((e) => e.action === 'rules.unreproducible');
    expect(refused?.detail).toMatchObject({ step: 1, version: '1', reproducible: ['2'] });
    expect(String(refused?.detail.message)).toContain('needs toy rules version 1');
    const mail = await t.db.outbox.findFirstOrThrow({
      where: { gameId: g.id, kind: 'moderator', subject: { contains: 'rules version 1 unavailable' } },
    });
    expect(mail.toAddress).toBe('mod@example.org');
    expect(mail.text).toContain('rules version 1');
    expect(mail.text).toContain('ルール版 1');
    // The sweep does not try again and again: the paused game is left alone until the moderator acts.
    expect((await resolveDueSteps(t.deps)).found).toBe(0);
  });

  it('code that keeps version "1" resolves the game under it, and records "1"', async () => {
    const g = await gameAtStep1();
    installed = toyV2Keeping1;
    const res = await postOrders(t, g.id, g.seat.a, { pick: 4 });
    expect(res.json().resolution).toMatchObject({ resolved: true, step: 1 });
    const step = await t.db.step.findFirstOrThrow({ where: { gameId: g.id, number: 1 }, include: { events: true } });
    expect(step.rulesVersion).toBe('1');
    const secret = step.events.find((e) => e.type === 'secret')?.payload as { rule: string };
    expect(secret.rule).toBe('TOY 3'); // version 1's rule, not v2's
  });
});

describe('the moderator’s rules upgrade', () => {
  it('previews per seat, applies (audited, announced), resumes under "2"; the record verifies per version', async () => {
    const g = await gameAtStep1();
    installed = toyV2;
    await postOrders(t, g.id, g.seat.a, { pick: 4 }); // refused: paused
    const step0 = await t.db.step.findFirstOrThrow({ where: { gameId: g.id, number: 0 }, include: { events: true } });
    const secretOf = (seat: string) =>
      step0.events.map((e) => e.payload as Record<string, unknown>).find((e) => e.type === 'secret' && e.seat === seat);
    const aSecret = secretOf('a') as { hidden: number; pick: number };

    expect((await get(g, '/rules-upgrade', g.seat.b)).statusCode).toBe(403); // the moderator's only
    const preview = await get(g, '/rules-upgrade');
    expect(preview.statusCode, preview.body).toBe(200);
    const plan = preview.json();
    expect(plan).toMatchObject({ game: 'toy', from: '1', to: '2', applicable: true, blocked: null, stepsReplayed: 1 });
    const list = (viewer: string) => plan.changes.find((c: { viewer: string }) => c.viewer === viewer).steps;
    const [aChange] = list('seat:a');
    const [bChange] = list('seat:b');
    expect(aChange.step).toBe(0);
    expect(aChange.after.en.join('\n')).toContain(`A picked ${aSecret.pick}; the secret die shows ${aSecret.hidden}`);
    expect(aChange.after.en.join('\n')).toContain('TOY 3 (v2)');
    // Seat b's list shows its own secret die changed and nothing of a's.
    const bText = JSON.stringify(bChange);
    expect(bText).toContain('B picked 5');
    expect(bText).not.toMatch(/A picked|Secret die of A|A は/);
    expect(bChange.after.ja.join('\n')).toContain('TOY 3 (v2)');

    const applied = await post(g, '/rules-upgrade');
    expect(applied.statusCode, applied.body).toBe(200);
    const game = await t.db.game.findUniqueOrThrow({ where: { id: g.id } });
    expect(game.rulesVersion).toBe('2');
    const audit = (await auditActions(g)).find((e) => e.action === 'rules.upgrade');
    expect(audit).toMatchObject({ actor: 'moderator', detail: { from: '1', to: '2', stepsReplayed: 1 } });
    // The history stays honest: step 0 keeps its version and its events as resolved.
    const again = await t.db.step.findFirstOrThrow({ where: { gameId: g.id, number: 0 }, include: { events: true } });
    expect(again.rulesVersion).toBe('1');
    expect(again.events.map((e) => e.payload)).toEqual(step0.events.map((e) => e.payload));
    // Each player is told in its language with its own list: b (Japanese) learns nothing of a's die.
    const mails = await t.db.outbox.findMany({
      where: { gameId: g.id, kind: { in: ['rules', 'moderator'] }, subject: { contains: 'バージョン 2' } },
    });
    const to = (address: string) => mails.find((m) => m.toAddress === address)?.text ?? '';
    const subjectTo = (address: string) => mails.find((m) => m.toAddress === address)?.subject ?? '';
    expect(mails.find((m) => m.toAddress === 'a@example.org')).toBeUndefined(); // a reads English
    expect(subjectTo('b@example.org')).toContain('ルールがバージョン 2');
    const toA = await t.db.outbox.findFirstOrThrow({
      where: { gameId: g.id, kind: 'rules', toAddress: 'a@example.org', subject: { contains: 'version 2' } },
    });
    expect(toA.text).toContain(`A picked ${aSecret.pick}; the secret die shows ${aSecret.hidden}`);
    expect(toA.text).not.toMatch(/B picked|Secret die of B/);
    expect(to('b@example.org')).toContain('B は 5 を選び');
    expect(to('b@example.org')).not.toMatch(/A picked|A は|A の秘密/);
    expect(to('mod@example.org')).toContain('A picked');

    // The refused step now resolves under "2" (scores from the replayed position), and the game plays on.
    const resumed = (await post(g, '/resume')).json();
    expect(resumed.resolution).toMatchObject({ resolved: true, step: 1 });
    await postOrders(t, g.id, g.seat.a, { pick: 1 });
    await postOrders(t, g.id, g.seat.b, { pick: 1 });
    const last = await postOrders(t, g.id, g.seat.a, { pick: 6 });
    expect(last.json().resolution).toMatchObject({ resolved: true, step: 3, finished: true });

    const record = recordSchema.parse((await get(g, '/record')).json());
    expect(record.steps.map((s) => s.rulesVersion)).toEqual(['1', '2', '2', '2']);
    expect(verifyRecord(toyV2Keeping1, record)).toMatchObject({ ok: true, stepsChecked: 4, needsRulesVersions: [] });
    const without1 = verifyRecord(toyV2, record);
    expect(without1).toMatchObject({ ok: false, needsRulesVersions: ['1'], stepsChecked: 3 });
    expect(without1.mismatches.join('\n')).toContain('steps 0: needs toy rules version 1');
    // Verifying every step under the newest rules, as before versions were recorded, would have failed step 0.
    const unversioned = { ...record, steps: record.steps.map(({ rulesVersion: _v, ...s }) => s) };
    expect(verifyRecord(toyV2, unversioned).ok).toBe(false);
  });

  it('is refused with the reason when there is nothing to upgrade', async () => {
    const g = await gameAtStep1();
    const plan = (await get(g, '/rules-upgrade')).json();
    expect(plan).toMatchObject({ applicable: false, blocked: { code: 'rules/current' } });
    expect(plan.changes.every((c: { steps: unknown[] }) => c.steps.length === 0)).toBe(true);
    const res = await post(g, '/rules-upgrade');
    expect(res.statusCode).toBe(409);
    expect(await t.db.outbox.count({ where: { gameId: g.id, kind: 'rules' } })).toBe(0);
  });
});

describe('the rules upgrade in the moderator console', () => {
  it('shows the lists in the moderator’s language and applies the upgrade from its form', async () => {
    const g = await gameAtStep1();
    const c = client(t.app, { 'accept-language': 'ja' });
    expect((await c.get(`/console/login?token=${TEST_ADMIN_TOKEN}`)).statusCode).toBe(303);
    const base = `/console/games/${g.id}`;
    expect((await c.get(base)).body).not.toContain('id="rules-upgrade"'); // nothing to upgrade
    installed = toyV2;
    const page = (await c.get(base)).body;
    expect(page).toContain('ルール更新: バージョン 1 → 2');
    expect(page).toContain('B は 5 を選び');
    expect(page).toContain(`action="${base}/rules-upgrade"`);
    const res = await c.post(`${base}/rules-upgrade`, { _csrf: csrfOf(page) });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
    expect((await t.db.game.findUniqueOrThrow({ where: { id: g.id } })).rulesVersion).toBe('2');
    expect((await c.get(base)).body).not.toContain('id="rules-upgrade"');
  });
});
