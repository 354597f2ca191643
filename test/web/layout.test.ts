/**
 * The player's page looked at in Chromium on a phone (390 px) and a desktop (1280 px), in English and Japanese:
 * no horizontal overflow, no broken picture, the whole VP/turn track inside the viewport, a "Your orders" link
 * near the top that reaches the form; the history with a past step's board; the console's amend form.
 * Screenshots go to test-results/screenshots/ (docs/screenshots/ with UPDATE_SCREENSHOTS=1).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/app.ts';
import { freePort } from '../support/service-process.ts';
import { createGameVia } from '../support/api-helpers.ts';
import { playDefaults } from './play-steps.ts';

const CHROMIUM = '/usr/bin/chromium';
const have = existsSync(CHROMIUM);
const shots = resolve(
  import.meta.dirname,
  process.env.UPDATE_SCREENSHOTS === '1' ? '../../docs/screenshots' : '../../test-results/screenshots',
);

describe.skipIf(!have)('the player page at phone and desktop widths', () => {
  let t: TestApp;
  let base: string;
  let ctx: BrowserContext;
  let profile: string;
  let gameId: string;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ config: { PUBLIC_URL: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
    mkdirSync(shots, { recursive: true });
    profile = mkdtempSync(join(tmpdir(), 'pbem-chromium-layout-'));
    ctx = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
    });
    const g = await createGameVia(t, {
      game: 'atlantic-wolves',
      mode: 'mail',
      name: 'Layout',
      deadlines: { default: { length: '3d' } },
      seats: [
        { side: 'allied', email: 'a@example.org', name: 'Alice' },
        { side: 'german', email: 'g@example.org', name: '山田', locale: 'ja', timeZone: 'Asia/Tokyo' },
      ],
    });
    gameId = g.id;
    tokens = g.tokens;
    // Turn 1 played (its dice in the history), the Allied placement of turn 2 owed.
    await playDefaults(
      t,
      gameId,
      tokens,
      (s) => s.step.number > 1 && s.owed.some((o) => o.seat === 'allied' && o.point === 'AW-D3'),
    );
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    await t?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  /** A page of the Allied seat at `width`, in `lang` (the language link's cookie). */
  async function open(width: number, lang: 'en' | 'ja'): Promise<Page> {
    const p = await ctx.newPage();
    await p.setViewportSize({ width, height: 844 });
    await p.goto(`${base}/play/${gameId}?token=${encodeURIComponent(tokens.allied)}`);
    if ((await p.getAttribute('html', 'lang')) !== lang) {
      await p.click('header a.lang');
      await p.waitForLoadState('load');
    }
    expect(await p.getAttribute('html', 'lang')).toBe(lang);
    return p;
  }

  /** Every picture loaded (the history's past boards too: their steps opened, loaded at once), with its size. */
  async function pictures(p: Page): Promise<{ broken: string[]; count: number }> {
    await p.evaluate(`(() => {
      for (const d of document.querySelectorAll('details.step')) d.open = true;
      for (const i of document.images) i.loading = 'eager';
    })()`);
    // Polled from here: the page's CSP allows no script built from a string (waitForFunction's way).
    for (let i = 0; i < 200 && !(await p.evaluate('[...document.images].every((i) => i.complete)')); i++)
      await p.waitForTimeout(100);
    return p.evaluate(`(() => {
      const broken = [];
      const shown = (e) => e.getClientRects().length > 0;
      for (const i of document.images)
        if (!(i.naturalWidth > 0 && i.getBoundingClientRect().width > 0)) broken.push('img ' + i.currentSrc);
      const svgs = [...document.querySelectorAll('svg')].filter(shown);
      for (const s of svgs) if (!(s.getBoundingClientRect().width > 0)) broken.push('svg ' + s.getAttribute('aria-label'));
      return { broken, count: document.images.length + svgs.length };
    })()`);
  }

  /** The tracks of the board drawn now: each track's values, and whether every box lies inside the viewport. */
  async function tracks(p: Page): Promise<Record<string, { values: string[]; inside: boolean }>> {
    return p.evaluate(`(() => {
      const out = {};
      const shown = [...document.querySelectorAll('section.board svg')].filter((s) => s.getClientRects().length > 0);
      for (const g of shown.flatMap((s) => [...s.querySelectorAll('g.track')])) {
        const cells = [...g.querySelectorAll('rect.cell')];
        const last = cells[cells.length - 1].getBoundingClientRect();
        const first = cells[0].getBoundingClientRect();
        const inside = first.left >= 0 && last.right <= innerWidth && last.width > 0;
        out[g.dataset.track] = { values: cells.map((c) => c.dataset.value), inside };
      }
      return out;
    })()`);
  }

  it('fits a phone and a desktop, in English and Japanese, with the orders one tap from the top', async () => {
    const shown: Record<string, Record<string, { values: string[]; inside: boolean }>> = {};
    for (const lang of ['en', 'ja'] as const) {
      for (const width of [390, 1280]) {
        const p = await open(width, lang);
        const where = `${width} px, ${lang}`;
        // The countdown ticks (app.js) next to the deadline, in the page's language.
        const left = lang === 'en' ? /^Time left: 2 d \d\d:\d\d:\d\d$/ : /^残り時間: 2日 \d\d:\d\d:\d\d$/;
        expect(await p.locator('.countdown').textContent(), where).toMatch(left);
        // No horizontal overflow.
        expect(await p.evaluate('document.documentElement.scrollWidth'), where).toBeLessThanOrEqual(width);
        // The whole VP and turn tracks inside the viewport.
        shown[width] = await tracks(p);
        expect(Object.keys(shown[width]).length, where).toBeGreaterThanOrEqual(2);
        for (const [id, track] of Object.entries(shown[width])) expect(track.inside, `${where}: ${id}`).toBe(true);
        // "Your orders" near the top, and the form in view once followed.
        const jump = p.locator('a#to-orders');
        expect(await jump.getAttribute('href')).toBe('#orders');
        const top = (await jump.boundingBox())!;
        expect(top.y + top.height, where).toBeLessThan(844);
        await jump.click();
        const form = (await p.locator('form.order-form').boundingBox())!;
        expect(form.y, where).toBeGreaterThanOrEqual(0);
        expect(form.y, where).toBeLessThan(844);
        if (width === 390 && lang === 'en')
          await p.locator('section.board figure.map').screenshot({ path: join(shots, 'player-board-390.png') });
        await p.evaluate('scrollTo(0, 0)');
        await p.screenshot({ path: join(shots, `player-page-${width}-${lang}.png`), fullPage: width > 400 });
        // No broken picture, the history's past boards included.
        const pics = await pictures(p);
        expect(pics.broken, where).toEqual([]);
        expect(pics.count, where).toBeGreaterThan(3);
        if (width === 1280 && lang === 'en') {
          await p.locator('details.step').nth(1).scrollIntoViewIfNeeded();
          await p
            .locator('details.step')
            .nth(1)
            .screenshot({ path: join(shots, 'history-past-board.png') });
        }
        await p.close();
      }
      // A phone shows every value of each track the desktop shows (nothing cut off).
      for (const [id, track] of Object.entries(shown[1280]))
        expect(shown[390][id].values, id).toEqual(expect.arrayContaining(track.values));
    }
  }, 120_000);

  it("shows the console's amend form, built from the seat's choices", async () => {
    const p = await ctx.newPage();
    await p.setViewportSize({ width: 1280, height: 900 });
    await p.goto(`${base}/console/login?token=${TEST_ADMIN_TOKEN}`);
    await p.goto(`${base}/lang?to=en&back=${encodeURIComponent(`/console/games/${gameId}`)}`);
    expect(await p.getAttribute('html', 'lang')).toBe('en');
    await p.screenshot({ path: join(shots, 'console-game.png') });
    const amend = p.locator('#amend-allied');
    expect(await amend.locator('form.order-form select').count()).toBeGreaterThan(3);
    expect(await p.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
    await p.locator('#amend').screenshot({ path: join(shots, 'console-amend.png') });
    // On a phone too: the console's pages do not overflow (wide tables scroll in their own box).
    await p.setViewportSize({ width: 390, height: 844 });
    for (const path of [`/console/games/${gameId}`, '/console', '/console/new']) {
      await p.goto(`${base}${path}`);
      expect(await p.evaluate('document.documentElement.scrollWidth'), path).toBeLessThanOrEqual(390);
    }
    await p.close();
  }, 60_000);
});
