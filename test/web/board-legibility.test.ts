/**
 * Every registered game's board, read in Chromium as a player meets it: the player's page at 1280 and 390 px and
 * the mail's picture (`/play/:id/map.svg`), in English and in Japanese. On the largest <svg> of each view, no map
 * label (`<text>`) is clipped by the map's edge, hidden under another shape (the topmost element at its centre),
 * or overlapping another label (their ink boxes, by more than a fifth of the smaller), and every label shown is at
 * least 10 px tall on a page, and at least 8 px in the mail's picture when a phone shows it 360 px wide. The same
 * measure as the project's board-legibility check; the registry is iterated, so a new game's board is held to it.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.ts';
import { LANG_COOKIE } from '../../src/web/page.ts';
import { freePort } from '../support/service-process.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { createGameVia } from '../support/api-helpers.ts';

const CHROMIUM = '/usr/bin/chromium';
const have = existsSync(CHROMIUM);
// Each game's page as it opens, at 390 and 1280 px in both languages: test-results/screenshots (ignored), or the
// README's and rules pages' docs/screenshots with UPDATE_SCREENSHOTS=1.
const shots = resolve(
  import.meta.dirname,
  process.env.UPDATE_SCREENSHOTS === '1' ? '../../docs/screenshots' : '../../test-results/screenshots',
);
mkdirSync(shots, { recursive: true });

interface Measure {
  error?: string;
  labels: number;
  clipped: number;
  hidden: number;
  overlaps: number;
  minLabelPx: number;
  mapPx: [number, number];
  examples: string[];
  /** The pan-and-zoom map of a page. */
  isMap?: boolean;
}

/**
 * Runs in the page (a string: the tests are typed without the DOM): the labels of each picture shown, the largest
 * (the map) first, as a reader sees them, by the board-legibility check's own measure.
 */
const MEASURE = `(() => {
  const area = (r) => r.width * r.height;
  const svgs = [...document.querySelectorAll('svg')].filter((s) => !s.parentElement?.closest('svg') && area(s.getBoundingClientRect()) > 0);
  if (!svgs.length) return [{ error: 'no svg' }];
  svgs.sort((a, b) => area(b.getBoundingClientRect()) - area(a.getBoundingClientRect()));
  return svgs.map((map) => {
  for (const e of [map, ...map.querySelectorAll('*')]) e.style.pointerEvents = 'auto';
  const box = map.getBoundingClientRect();
  const texts = [...map.querySelectorAll('text')].filter((t) => t.textContent.trim() && area(t.getBoundingClientRect()) > 0);
  let clipped = 0, hidden = 0, overlaps = 0, minHeight = Infinity;
  const examples = [];
  const note = (s) => examples.length < 8 && examples.push(s);
  // A text's box holds the font's whole ascent and descent; its ink is the middle.
  const ink = (r) => ({ left: r.left, right: r.right, top: r.top + 0.15 * r.height, bottom: r.bottom - 0.22 * r.height,
    width: r.width, height: 0.63 * r.height });
  const rects = texts.map((t) => ink(t.getBoundingClientRect()));
  for (const t of texts) {
    const r = t.getBoundingClientRect();
    const name = t.textContent.trim().slice(0, 30);
    minHeight = Math.min(minHeight, r.height);
    if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
      clipped++; note('clipped: ' + name); continue;
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && hit !== t && !t.contains(hit) && hit.closest('text') !== t) { hidden++; note('hidden: ' + name + ' under <' + hit.tagName + '>'); }
  }
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++) {
      const a = rects[i], b = rects[j];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 0 && h > 0 && w * h > 0.2 * Math.min(area(a), area(b))) {
        overlaps++; note('overlap: ' + texts[i].textContent.trim().slice(0, 20) + ' / ' + texts[j].textContent.trim().slice(0, 20));
      }
    }
  const isMap = !!map.closest('.map-view');
  return { labels: texts.length, clipped, hidden, overlaps, minLabelPx: minHeight, mapPx: [Math.round(box.width), Math.round(box.height)], examples, isMap };
  });
})()`;

describe.skipIf(!have)('every registered board is legible on a page and in a mail picture', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  const created: Record<string, { id: string; token: string }> = {};

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ config: { PUBLIC_URL: base, SIGN_IN_LIMIT_PER_MINUTE: 1000 } });
    await t.app.listen({ port, host: '127.0.0.1' });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
    });
    const many = await createGameVia(t, {
      game: 'fin-napoleon',
      mode: 'allies-2',
      seats: [
        { side: 'france', email: 'f@example.org' },
        { side: 'ally-1', email: 'two@example.org' },
        { side: 'ally-2', email: 'two@example.org' },
      ],
    });
    created.person = { id: many.id, token: (many.body.persons as { token: string }[])[0].token };
    for (const game of Object.values(games)) {
      const mode = game.modes[0];
      const seats = game.sides(mode).map((s, k) => ({ side: s.seat, email: `seat${k}@example.org` }));
      const g = await createGameVia(t, { game: game.id, mode, seats });
      created[game.id] = { id: g.id, token: g.tokens[seats[0].side] };
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /**
   * The measure of one view: the page (`page`) or the mail's picture, at `width`, in `lang`; `zoom`: the map's zoom
   * buttons pressed first, in order.
   */
  async function view(gameId: string, lang: 'en' | 'ja', kind: 'page' | 'picture', width: number, zoom: string[] = []) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    await ctx.addCookies([{ name: LANG_COOKIE, value: lang, url: base }]);
    try {
      const page = await ctx.newPage();
      const { id, token } = created[gameId];
      await page.goto(`${base}/play/${id}?token=${encodeURIComponent(token)}`, { waitUntil: 'networkidle' });
      for (const z of zoom) await page.click(`figure.map [data-zoom="${z}"]`);
      if (kind === 'page' && !zoom.length && gameId !== 'toy' && gameId !== 'person')
        await page.screenshot({ path: join(shots, `${gameId}-page-${width}-${lang}.png`) });
      if (kind === 'picture') await page.goto(`${base}/play/${id}/map.svg`, { waitUntil: 'networkidle' });
      else expect(await page.getAttribute('html', 'lang')).toBe(lang);
      // A tall window, so that every label of the map can be hit-tested where it is.
      const h = (await page.evaluate('Math.min(6000, Math.ceil(document.documentElement.scrollHeight))')) as number;
      await page.setViewportSize({ width, height: Math.max(900, h) });
      return (await page.evaluate(MEASURE)) as Measure[];
    } finally {
      await ctx.close();
    }
  }

  for (const game of Object.values(games))
    for (const lang of ['en', 'ja'] as const) {
      for (const width of [1280, 390])
        it(`${game.id}: the page at ${width} px in ${lang}`, async () => {
          const [map, ...others] = await view(game.id, lang, 'page', width);
          expect(map.error).toBeUndefined();
          expect(map.isMap).toBe(true); // the largest picture is the map
          expect(map.labels).toBeGreaterThan(0);
          // The map, and every other picture of the page (the tray and tracks under it): nothing unreadable.
          for (const m of [map, ...others]) {
            expect({ clipped: m.clipped, hidden: m.hidden, overlaps: m.overlaps, examples: m.examples }).toEqual({
              clipped: 0,
              hidden: 0,
              overlaps: 0,
              examples: [],
            });
            if (m.labels) expect(m.minLabelPx).toBeGreaterThanOrEqual(10);
          }
        }, 60_000);
      it(`${game.id}: the mail's picture in ${lang}, shown 360 px wide`, async () => {
        const [m] = await view(game.id, lang, 'picture', 1280);
        expect(m.error).toBeUndefined();
        expect(m.labels).toBeGreaterThan(0);
        expect({ clipped: m.clipped, hidden: m.hidden, overlaps: m.overlaps, examples: m.examples }).toEqual({
          clipped: 0,
          hidden: 0,
          overlaps: 0,
          examples: [],
        });
        expect((m.minLabelPx * 360) / m.mapPx[0]).toBeGreaterThanOrEqual(8);
      }, 60_000);
    }

  for (const game of Object.values(games))
    it(`${game.id}: zoomed out on a phone, the map shows fewer labels, never smaller ones, then more zoomed in`, async () => {
      const mapOf = (ms: Measure[]) => ms.find((m) => m.isMap)!;
      const opening = mapOf(await view(game.id, 'en', 'page', 390));
      const whole = mapOf(await view(game.id, 'en', 'page', 390, ['all']));
      const closer = mapOf(await view(game.id, 'en', 'page', 390, ['all', 'in', 'in']));
      for (const m of [whole, closer])
        expect({ clipped: m.clipped, hidden: m.hidden, overlaps: m.overlaps }).toEqual({
          clipped: 0,
          hidden: 0,
          overlaps: 0,
        });
      expect(whole.mapPx[0]).toBeLessThan(opening.mapPx[0]); // the whole map fits the phone
      expect(whole.labels).toBeLessThanOrEqual(opening.labels);
      if (whole.labels) expect(whole.minLabelPx).toBeGreaterThanOrEqual(10);
      expect(closer.mapPx[0]).toBeGreaterThan(whole.mapPx[0]);
      expect(closer.labels).toBeGreaterThanOrEqual(whole.labels);
    }, 60_000);

  it("a person holding two seats sees their one board once, above each seat's orders, and can read it", async () => {
    for (const width of [1280, 390]) {
      const ctx = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      const { id, token } = created.person;
      await page.goto(`${base}/play/${id}?token=${encodeURIComponent(token)}`, { waitUntil: 'networkidle' });
      expect(await page.locator('.map-view').count()).toBe(1);
      expect(await page.locator('section.orders').count()).toBe(2);
      const [map] = (await page.evaluate(MEASURE)) as Measure[];
      expect({ clipped: map.clipped, hidden: map.hidden, overlaps: map.overlaps }).toEqual({
        clipped: 0,
        hidden: 0,
        overlaps: 0,
      });
      await ctx.close();
    }
  }, 60_000);
});
