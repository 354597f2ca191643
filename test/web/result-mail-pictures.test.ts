/**
 * One result mail of every registered game, in English and in Japanese, as a phone's mail app shows it: the HTML
 * part 360 px wide, its map picture (the PNG the delivery worker attaches, referenced by `cid:`) in place. In
 * Chromium, the mail fits the width (nothing to scroll sideways), the picture is shown whole within it, and the
 * text is at least 12 px. Screenshots go to test-results/screenshots (docs/screenshots with UPDATE_SCREENSHOTS=1).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.ts';
import { messageOf } from '../../src/mail/delivery.ts';
import { asEnvelope } from '../../src/services/json.ts';
import { createGameVia, postOrders } from '../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';

const CHROMIUM = '/usr/bin/chromium';
const have = existsSync(CHROMIUM);
const shots = resolve(
  import.meta.dirname,
  process.env.UPDATE_SCREENSHOTS === '1' ? '../../docs/screenshots' : '../../test-results/screenshots',
);
mkdirSync(shots, { recursive: true });
const played = Object.values(games).filter((g) => g.id !== 'toy');

describe.skipIf(!have)('a result mail of every game reads on a phone', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    t = await buildTestApp({ config: { MAIL_DOMAIN: 'judge.test' } });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A game whose first seat reads English and the others Japanese, played until a result mail is written. */
  async function resultMails(gameId: string) {
    const game = games[gameId];
    const mode = game.modes[0];
    const seats = game.sides(mode).map((s, k) => ({
      side: s.seat,
      email: `p${k}@example.org`,
      name: `Player ${k + 1}`,
      locale: k === 0 ? 'en' : 'ja',
      ...(k === 0 ? {} : { timeZone: 'Asia/Tokyo' }),
    }));
    const g = await createGameVia(t, { game: gameId, mode, seats });
    // Every owed seat sends the engine's default orders, step after step, until each reader has a result mail.
    for (let round = 0; round < 6; round++) {
      const results = await t.db.outbox.findMany({ where: { gameId: g.id, kind: 'result' } });
      const langs = new Set(results.map((r) => (r.toAddress === 'p0@example.org' ? 'en' : 'ja')));
      if (langs.size === 2) return results;
      const gameRow = await t.db.game.findUniqueOrThrow({ where: { id: g.id } });
      const step = await t.db.step.findFirstOrThrow({ where: { gameId: g.id, number: gameRow.currentStep } });
      const state = asEnvelope(step.envelope).state;
      for (const { seat } of step.owed as { seat: string }[]) {
        const res = await postOrders(t, g.id, g.seat[seat], game.defaultOrders(state as never, seat));
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    throw new Error(`${gameId}: no result mail in both languages after 6 steps`);
  }

  for (const game of played)
    it(`${game.id}: the result mail in English and in Japanese, 360 px wide`, async () => {
      const rows = await resultMails(game.id);
      for (const lang of ['en', 'ja'] as const) {
        const row = rows.find((r) => (r.toAddress === 'p0@example.org') === (lang === 'en'));
        expect(row, `${game.id} ${lang}`).toBeTruthy();
        const message = await messageOf(row!);
        let html = String(message.html);
        for (const a of message.attachments ?? [])
          if (a.cid && Buffer.isBuffer(a.content))
            html = html.replaceAll(`cid:${a.cid}`, `data:image/png;base64,${a.content.toString('base64')}`);
        expect(html).not.toContain('cid:');
        const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
        try {
          await page.setContent(html, { waitUntil: 'load' });
          await page.screenshot({ path: join(shots, `${game.id}-result-mail-360-${lang}.png`), fullPage: true });
          const seen = (await page.evaluate(`(() => {
            const img = document.querySelector('img');
            const sizes = [...document.querySelectorAll('p, li, td, th, h1, h2, h3, pre')]
              .filter((e) => e.textContent.trim() && e.getBoundingClientRect().width > 0)
              .map((e) => parseFloat(getComputedStyle(e).fontSize));
            return {
              scrollWidth: document.documentElement.scrollWidth,
              image: img ? { shown: img.getBoundingClientRect().width, natural: img.naturalWidth, complete: img.complete } : null,
              smallestText: Math.min(...sizes),
            };
          })()`)) as {
            scrollWidth: number;
            image: { shown: number; natural: number; complete: boolean } | null;
            smallestText: number;
          };
          expect(seen.scrollWidth, `${game.id} ${lang}: sideways scroll`).toBeLessThanOrEqual(360);
          expect(seen.image?.complete).toBe(true);
          expect(seen.image?.natural).toBeGreaterThan(0);
          expect(seen.image?.shown).toBeGreaterThan(300);
          expect(seen.image?.shown).toBeLessThanOrEqual(360);
          expect(seen.smallestText).toBeGreaterThanOrEqual(12);
        } finally {
          await page.close();
        }
      }
    }, 120_000);
});
