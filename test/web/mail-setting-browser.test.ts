/**
 * The mail setting in Chromium at a phone's width (360 px): a player signed in by its link picks "a daily digest"
 * on its page and saves it; the one-click unsubscribe URL opened in a browser asks first, and its button does it.
 * Screenshots go to test-results/screenshots/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameVia } from '../support/api-helpers.ts';
import { freePort } from '../support/service-process.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';

const CHROMIUM = '/usr/bin/chromium';
const have = existsSync(CHROMIUM);
const shots = resolve(import.meta.dirname, '../../test-results/screenshots');

describe.skipIf(!have)('the mail setting in a browser', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ config: { PUBLIC_URL: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    mkdirSync(shots, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('a player picks the daily digest on its page; the unsubscribe URL asks, then moves it to "only when I must move"', async () => {
    const g = await createGameVia(t, {
      game: 'toy',
      mode: 'mail',
      seats: [
        { side: 'a', email: 'a-browser@example.org' },
        { side: 'b', email: 'b-browser@example.org', locale: 'ja', timeZone: 'Asia/Tokyo' },
      ],
    });
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`${base}/play/${g.id}?token=${encodeURIComponent(g.tokens.b)}`);
    const card = page.locator('section.mail');
    await expect(card.locator('h2').textContent()).resolves.toBe('メール');
    expect(await card.locator('input[value="every_step"]').isChecked()).toBe(true);
    await card.getByLabel('1日1回のまとめ', { exact: false }).check();
    await card.locator('button[type="submit"]').click();
    await page.waitForURL(/mail=saved/);
    await expect(page.locator('section.mail .ok').textContent()).resolves.toBe('メール設定を保存しました。');
    expect(await page.locator('section.mail input[value="digest"]').isChecked()).toBe(true);
    const width = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
          .scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(360);
    await page.locator('section.mail').screenshot({ path: join(shots, 'mail-setting-360-ja.png') });
    const person = await t.db.person.findFirstOrThrow({ where: { gameId: g.id, seats: { some: { side: 'b' } } } });
    expect(person.mailPreference).toBe('digest');

    // The unsubscribe link opened in the browser: a question first, nothing changed; the button does it.
    await page.goto(`${base}/unsubscribe/${person.unsubscribeKey}`);
    expect((await t.db.person.findUniqueOrThrow({ where: { id: person.id } })).mailPreference).toBe('digest');
    await page.screenshot({ path: join(shots, 'unsubscribe-360-ja.png'), fullPage: true });
    await page.getByRole('button', { name: '自分の番のときだけにする' }).click();
    await expect(page.locator('.ok').textContent()).resolves.toMatch(/^設定しました/);
    expect((await t.db.person.findUniqueOrThrow({ where: { id: person.id } })).mailPreference).toBe('must_move');
    await context.close();
  }, 60_000);
});
