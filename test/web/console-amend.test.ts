/**
 * The moderator console in words, on a real database: the amend form is the seat's own order form (the same
 * fields as its page), refused amendments come back inline with their rule, JSON only behind "expert";
 * "orders in" only for seats that owe; the games list with the game's title, mode, seats, what the step waits for
 * and the deadline in the moderator's chosen time zone; the creation form's zones picked from a list; statuses and
 * modes in Japanese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameVia } from '../support/api-helpers.ts';
import { buildTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/app.ts';
import { wordFor } from '../../src/web/strings.ts';
import { client, csrfOf } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const awGame = () => ({
  game: 'atlantic-wolves',
  mode: 'mail',
  name: 'Console words',
  deadlines: { default: { length: '3d' } },
  seats: [
    { side: 'allied', email: 'allied@example.org', name: 'Alice' },
    { side: 'german', email: 'german@example.org', name: '山田', locale: 'ja', timeZone: 'Asia/Tokyo' },
  ],
});

async function operator(lang = 'en') {
  const c = client(t.app, { 'accept-language': lang });
  expect((await c.get(`/console/login?token=${TEST_ADMIN_TOKEN}`)).statusCode).toBe(303);
  return c;
}

/** The form (its opening tag to its end) whose action is `action`, in a page. */
function formOf(html: string, action: string): string {
  const start = html.indexOf(`action="${action}"`);
  expect(start, `no form posting to ${action}`).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</form>', start));
}

/** The selects of a form: name and selected value. */
function selectsOf(form: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of form.matchAll(/<select [^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    out.set(m[1], /<option value="([^"]*)" selected>/.exec(m[2])?.[1] ?? '');
  }
  return out;
}

describe('the moderator console', () => {
  it("amends a seat's orders with the seat's own form; JSON only as an expert option", async () => {
    const g = await createGameVia(t, awGame());
    const c = await operator();
    const base = `/console/games/${g.id}`;
    const page = (await c.get(base)).body;
    // The Allied seat owes its placement (AW 12.0-2); the German seat owes nothing at this step.
    expect(page).toMatch(/<td>Allies<\/td>.*?<td class="orders-in">no<\/td>/s);
    expect(page).toMatch(/<td>Germany<\/td>.*?<td class="orders-in"><span class="muted">owes nothing now<\/span>/s);
    expect(page).not.toContain('id="amend-german"');
    const form = formOf(page, `${base}/seats/allied/orders`);
    // The same fields as the seat's own page.
    const seat = client(t.app);
    await seat.get(`/play/${g.id}?token=${encodeURIComponent(g.tokens.allied)}`);
    const own = selectsOf(formOf((await seat.get(`/play/${g.id}`)).body, `/play/${g.id}/orders`));
    const fields = selectsOf(form);
    expect([...fields.keys()]).toEqual([...own.keys()]);
    expect(fields.size).toBeGreaterThan(3);
    expect(page).toMatch(/<details class="expert">\s*<summary>Expert: the orders as JSON<\/summary>/);

    // Leaving a unit unplaced is refused inline, in the Allied form, with its rule.
    const [first, ...rest] = [...fields.keys()];
    const answers = Object.fromEntries(fields);
    const refused = await c.post(`${base}/seats/allied/orders`, { ...answers, [first]: '', _csrf: csrfOf(page) });
    expect(refused.statusCode).toBe(422);
    const again = formOf(refused.body, `${base}/seats/allied/orders`);
    expect(again).toMatch(/<div class="field invalid">[\s\S]*?AW /);
    expect(refused.body).toMatch(/<details class="amend-seat" id="amend-allied" open>/);

    // A full placement is stored as the moderator's amendment, with the reason, in the audit log.
    const sent = await c.post(`${base}/seats/allied/orders`, { ...answers, _csrf: csrfOf(page), _reason: 'by phone' });
    expect(sent.statusCode, sent.body.slice(0, 2000)).toBe(303);
    const stored = await t.db.order.findFirstOrThrow({ where: { gameId: g.id }, orderBy: { receivedAt: 'desc' } });
    expect(stored.source).toBe('moderator');
    const placement = (stored.parsed as { placement: Record<string, string> }).placement;
    expect(Object.keys(placement).length).toBe(rest.length + 1);
    // The placement was all the step asked: it resolved, and the audit log keeps the amendment and its reason.
    const after = (await c.get(base)).body;
    expect(after).toMatch(/<td>orders\.amend<\/td><td><code>[^<]*by phone/);
    expect(after).not.toContain('id="amend-allied"');
  });

  it('words order sources, statuses and modes in both languages, and leaves unknown values as they are', () => {
    expect(wordFor('en', 'source', 'email')).toBe('mail');
    expect(wordFor('ja', 'source', 'moderator')).toBe('モデレーター');
    expect(wordFor('ja', 'stepStatus', 'awaiting_review')).toBe('承認待ち');
    expect(wordFor('ja', 'mode', 'standard')).toBe('標準ルール');
    expect(wordFor('ja', 'mode', 'campaign')).toBe('campaign');
  });

  it('lists the games in words, with times in the zone the moderator picked', async () => {
    const g = await createGameVia(t, awGame());
    const c = await operator();
    const list = (await c.get('/console')).body;
    const row = list.slice(list.indexOf(`href="/console/games/${g.id}"`));
    expect(row).toMatch(/^[\s\S]*?Console words<\/a><br><span class="muted">Atlantic Wolves[^<]* · Mail play · /);
    expect(row).toContain('<strong>Allies</strong>: Alice <span class="muted">&lt;allied@example.org&gt;</span>');
    expect(row).toContain('<strong>Germany</strong>: 山田');
    expect(row).toMatch(/<strong>Allies<\/strong>: Turn 1: [^<]+<span class="rule">AW-D3/);
    expect(row).toContain('step 0: waiting for orders');
    expect(row).toMatch(/<time datetime="[^"]+">[^<]+\(UTC\)<\/time>/);

    // The zone is picked from every zone the runtime knows, and kept.
    const zones = [...list.matchAll(/<select id="zone" name="zone" class="zone">([\s\S]*?)<\/select>/g)][0][1];
    expect(zones.match(/<option/g)?.length).toBe(Intl.supportedValuesOf('timeZone').length + 1);
    const set = await c.get(`/console/zone?zone=${encodeURIComponent('Asia/Tokyo')}&back=/console`);
    expect(set.statusCode).toBe(303);
    expect(set.headers.location).toBe('/console');
    const tokyo = (await c.get('/console')).body;
    expect(tokyo).toMatch(/<time datetime="[^"]+">[^<]+\(Asia\/Tokyo\)<\/time>/);
    expect(tokyo).toContain('<option selected>Asia/Tokyo</option>');
    expect((await c.get(`/console/games/${g.id}`)).body).toMatch(/<td>[^<]+\(Asia\/Tokyo\)<\/td>/); // the audit log
    // A zone that is not one: UTC.
    await c.get('/console/zone?zone=Mars%2FOlympus&back=/console');
    expect((await c.get('/console')).body).toContain('<option selected>UTC</option>');
  });

  it('offers time zones from a list in the creation form, and speaks Japanese', async () => {
    const c = await operator('ja');
    const page = (await c.get('/console/new')).body;
    expect(page).toMatch(/<select name="seat\.german\.timeZone"><option selected>UTC<\/option>/);
    expect(page).toMatch(/<select id="deadlineZone" name="deadlineZone">/);
    expect(page).not.toMatch(/<input type="text"[^>]*timeZone/);
    expect(page).toContain('>郵便プレイ</option>');
    expect(page).toContain('週末を数えない');
    expect(page).toContain('（既定）');
    const g = await createGameVia(t, awGame());
    const list = (await c.get('/console')).body;
    expect(list).toContain('進行中');
    expect(list).toContain('ステップ0: 命令待ち');
    const game = (await c.get(`/console/games/${g.id}`)).body;
    expect(game).toContain('<strong>進行中</strong>');
    expect(game).toContain('今は命令なし');
    expect(game).toContain('上級者向け: 命令をJSONで');
    expect(game).toContain('± 時間');
  });
});
