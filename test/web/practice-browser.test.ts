/**
 * The practice page and the vacation card in Chromium, at a phone's width (390 px) and a desktop's (1280 px), in
 * English and Japanese: nothing wider than the window (no horizontal scrolling), the form usable; a request made in
 * the browser queues its mail. Screenshots go to test-results/screenshots/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameVia } from '../support/api-helpers.ts';
import { freePort } from '../support/service-process.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';

const CHROMIUM = '/usr/bin/chromium';
const have = existsSync(CHROMIUM);
const shots = resolve(import.meta.dirname, '../../test-results/screenshots');

/** The page's full width (wider than the window: it scrolls sideways). */
const scrollWidth = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth,
  );

describe.skipIf(!have)('the practice page and the vacation card in a browser', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ config: { PUBLIC_URL: base, PRACTICE_GAMES: 'on' } });
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

  for (const width of [390, 1280])
    for (const locale of ['en', 'ja'] as const)
      it(`/practice at ${width} px in ${locale}: no horizontal overflow; a request queues its mail`, async () => {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          locale: locale === 'ja' ? 'ja-JP' : 'en-GB',
        });
        const page = await context.newPage();
        await page.goto(`${base}/practice`);
        await expect(page.locator('h1').textContent()).resolves.toBe(
          locale === 'ja' ? 'コンピューターと練習' : 'Practice against the computer',
        );
        expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: join(shots, `practice-${width}-${locale}.png`), fullPage: true });
        const email = `browser-${width}-${locale}@example.org`;
        await page.locator('#practice-choice').selectOption('toy|mail|b');
        await page.locator('#practice-email').fill(email);
        await page.locator('button[type="submit"]').click();
        await page.waitForSelector('p.ok');
        expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
        expect(await t.db.outbox.count({ where: { toAddress: email, kind: 'practice' } })).toBe(1);
        await context.close();
      }, 60_000);

  it('the vacation card at 390 px in Japanese: no horizontal overflow; declared from the browser', async () => {
    const g = await createGameVia(t, {
      game: 'toy',
      mode: 'mail',
      seats: [
        { side: 'a', email: 'va@example.org' },
        { side: 'b', email: 'vb@example.org', locale: 'ja', timeZone: 'Asia/Tokyo' },
      ],
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 900 }, locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`${base}/play/${g.id}?token=${encodeURIComponent(g.tokens.b)}`);
    const card = page.locator('section.vacation');
    await expect(card.locator('h2').textContent()).resolves.toBe('休暇');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await card.locator('#vacation-from').fill(day(3));
    await card.locator('#vacation-to').fill(day(5));
    await card.locator('button[type="submit"]').click();
    await page.waitForURL(/vacation=declared/);
    await expect(page.locator('section.vacation .ok').textContent()).resolves.toMatch(/^休暇を申告しました/);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await card.screenshot({ path: join(shots, 'vacation-390-ja.png') });
    expect(await t.db.absence.count({ where: { seat: { gameId: g.id } } })).toBe(1);
    await context.close();
  }, 60_000);
});
