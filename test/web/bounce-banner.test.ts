/**
 * The bounce banner in Chromium, as a Japanese player meets it on a phone (360 px): mail to its address bounced, the
 * page says so and offers to confirm or change the address; a new address given there is taken and the banner goes.
 * Screenshots go to test-results/screenshots/. Skipped, with a message, when Chromium is not installed.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, type CreatedGame } from '../../src/services/games.ts';
import { mailStatusOf, noteBounce } from '../../src/services/mail-status.ts';
import { freePort } from '../support/service-process.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';

const CHROMIUM = '/usr/bin/chromium';
const have = existsSync(CHROMIUM);
if (!have) console.warn(`[bounce banner] skipped: ${CHROMIUM} not found`);
const shots = resolve(import.meta.dirname, '../../test-results/screenshots');

describe.skipIf(!have)('browser: the bounce banner', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let game: CreatedGame;

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
    game = await createGame(t.deps, {
      game: 'atlantic-wolves',
      mode: 'mail',
      seats: [
        { side: 'allied', email: 'ally@example.org' },
        { side: 'german', email: 'wolf@example.jp', locale: 'ja', timeZone: 'Asia/Tokyo' },
      ],
    });
    mkdirSync(shots, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('a Japanese player on a phone sees the banner and gives another address', async () => {
    const bounce = { hard: true, reason: '5.1.1 User unknown', at: new Date(), inboundId: 'b1' };
    await noteBounce(t.db, 'wolf@example.jp', bounce);
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ja-JP' });
    const page = await context.newPage();
    const token = game.seats.find((s) => s.side === 'german')!.token;
    await page.goto(`${base}/play/${game.id}?token=${token}`);
    const banner = page.locator('#mail-bouncing');
    await expect(banner.textContent()).resolves.toContain('wolf@example.jp 宛てのメールが届いていません');
    const box = await banner.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(360); // it fits the phone's width
    await page.screenshot({ path: join(shots, 'bounce-banner-ja-360.png'), fullPage: false });
    await page.fill('#mail-bouncing input[name=email]', 'wolf.new@example.jp');
    await page.click('#mail-bouncing button:has-text("このアドレスに変更する")');
    await page.waitForSelector('#address-confirmed');
    expect(await page.locator('#mail-bouncing').count()).toBe(0);
    expect(await page.textContent('#address-confirmed')).toContain(
      'wolf.new@example.jp 宛てにメールを再び送信します。',
    );
    expect((await mailStatusOf(t.db, 'wolf.new@example.jp')).status).toBe('ok');
    await context.close();
  });
});
