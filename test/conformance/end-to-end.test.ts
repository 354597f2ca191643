/**
 * Conformance, for every registered game: one short complete game (the package's `shortGame`, or its first mode with
 * every default) played by mail alone, and one played on the player's page in Chromium, on one service instance
 * (real Postgres, the real SMTP order listener, a recording SMTP server as the players' mailbox) and one browser.
 * The orders are the game's random player's, as order text when the game has a grammar (in each seat's language),
 * else as JSON: by mail as a plain reply to the last mail received, quoted text included; on the page typed into
 * the order text box; the seats that owe send in a random order. The finished game's record, its secret revealed,
 * re-adjudicates to the same events. Browser games are skipped, with a message, when Chromium is not installed.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGamePackage } from '../../src/engine/game-package.ts';
import { recordSchema, verifyRecord } from '../../src/engine/record.ts';
import type { Locale } from '../../src/i18n/index.ts';
import { startSmtpListener, type SmtpListener } from '../../src/mail/smtp-listener.ts';
import { formatOrderText } from '../../src/orders-text/game-text.ts';
import { createGame, type CreatedGame } from '../../src/services/games.ts';
import { currentStep } from '../../src/services/steps.ts';
import { recordFor } from '../../src/services/views.ts';
import { deliverAllDue } from '../mail/deps.ts';
import { sendToListener, startRecorder, type Recorder } from '../mail/helpers.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { freePort } from '../support/service-process.ts';
import { randomSource, registered } from './support/random-game.ts';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium)
  console.warn(`[conformance] browser games skipped: ${CHROMIUM} not found (apt-get install chromium)`);

let t: TestApp;
let recorder: Recorder;
let listener: SmtpListener;
let browser: Browser | undefined;
let base: string;

beforeAll(async () => {
  recorder = await startRecorder();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const mail = { SMTP_URL: `smtp://127.0.0.1:${recorder.port}?tls=off`, MAIL_DOMAIN: 'judge.test' };
  // Every game's seats sign in from one address within a minute or two.
  const limits = { MAIL_REPLY_LIMIT_PER_HOUR: 10_000, SIGN_IN_LIMIT_PER_MINUTE: 1000 };
  const config = { ...mail, MAIL_FROM: 'Judge <judge@judge.test>', ...limits };
  t = await buildTestApp({ config: { ...config, PUBLIC_URL: base } });
  await t.app.listen({ port, host: '127.0.0.1' });
  listener = await startSmtpListener(t.deps, { port: 0, host: '127.0.0.1' });
  const args = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'];
  if (haveChromium) browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await listener?.close();
  await recorder?.stop();
  await t?.close();
});

// A minute ahead: an acknowledgement following another within a minute is held that long (src/mail/ack-fold.ts).
const deliver = () => deliverAllDue(t.deps, 61_000);

/** A short game of a package, created as the operator creates one; seats alternate English and Japanese. */
async function createShortGame(game: AnyGamePackage, tag: string) {
  const short = game.shortGame ?? { mode: game.modes[0] };
  const seats = game.sides(short.mode).map((side, k) => ({
    side: side.seat,
    email: `${tag}-${side.seat}@example.org`,
    locale: (k % 2 ? 'ja' : 'en') as Locale,
    timeZone: k % 2 ? 'Asia/Tokyo' : 'Europe/London',
  }));
  const input = { game: game.id, mode: short.mode, name: `${game.id} ${tag}`, options: short.options ?? {} };
  const created = await createGame(t.deps, { ...input, ...(short.data ? { data: short.data } : {}), seats });
  const data = game.dataSchema.parse(short.data ?? game.defaultData);
  return { created, seats: new Map(seats.map((s) => [s.side, s])), data };
}

/** The orders a seat sends now: the random player's, as its order text in `locale` (JSON without a grammar). */
function orderText(
  game: AnyGamePackage,
  state: unknown,
  seat: string,
  data: unknown,
  locale: Locale,
  rand: () => number,
) {
  const orders = game.randomOrders ? game.randomOrders(state, seat, rand) : game.defaultOrders(state, seat);
  if (!game.grammar) return JSON.stringify(orders, null, 1);
  return formatOrderText(game, { data, seat, choices: game.choices(state, seat) }, orders, locale).join('\n');
}

/**
 * Plays the game to its end: `send` sends one seat's orders, the seats that owe in a random order each step; returns
 * how many orders were sent.
 */
async function playToTheEnd(gameId: string, rand: () => number, send: (seat: string, state: unknown) => Promise<void>) {
  let sent = 0;
  for (let round = 0; round < 400; round++) {
    const step = await currentStep(t.deps, gameId);
    if (step.gameStatus === 'finished') break;
    expect(step.status).toBe('open');
    const owing = step.owed.map((o) => ({ seat: o.seat, key: rand() })).sort((a, b) => a.key - b.key);
    for (const { seat } of owing) {
      await send(seat, step.envelope.state);
      sent++;
    }
  }
  expect((await currentStep(t.deps, gameId)).gameStatus).toBe('finished');
  return sent;
}

// By mail first: the browser games' mails are never delivered, so no mail test waits for their map pictures.
describe.each(registered)('%s by mail', (id, game) => {
  it('plays a short complete game by mail alone, every order mail accepted', async () => {
    const { created, seats, data } = await createShortGame(game, `mail-${id}`);
    await deliver();
    const rand = randomSource(`mail-${id}`);
    const sent = await playToTheEnd(created.id, rand, async (seat, state) => {
      const { email, locale } = seats.get(seat)!;
      const last = recorder.to(email).at(-1)!.parsed;
      const text = orderText(game, state, seat, data, locale, rand);
      const quoted = (last.text ?? '').replace(/^/gm, '> ');
      await sendToListener(listener.port, {
        from: email,
        to: last.replyTo!.value[0].address!,
        subject: `Re: ${last.subject}`,
        inReplyTo: last.messageId,
        references: [last.messageId!],
        text: `${text}\n\nOn Sun, 22 Nov 2026 at 10:00, Judge <judge@judge.test> wrote:\n${quoted}\n`,
      });
      await deliver();
    });
    const inbound = await t.db.inboundMail.findMany({ where: { gameId: created.id } });
    expect(inbound.map((m) => [m.status, (m.result as { outcome: string }).outcome])).toEqual(
      Array.from({ length: sent }, () => ['processed', 'accepted']),
    );
    // The game's record, secret revealed, re-adjudicates to the same events, every die re-derived (`pbem verify`).
    const record = await recordFor(t.deps, created.id, { kind: 'moderator', gameId: created.id });
    const verified = verifyRecord(game, recordSchema.parse(record));
    expect(verified.mismatches).toEqual([]);
    expect(verified.stepsChecked).toBe(record.steps.length);
    // Every seat got the result that ends the game, in its language.
    for (const { email, locale } of seats.values()) {
      const subjects = recorder.to(email).map((m) => m.parsed.subject ?? '');
      expect(subjects.filter((s) => s.includes(locale === 'ja' ? 'ゲーム終了' : 'Game over'))).toHaveLength(1);
    }
  }, 120_000);
});

describe.skipIf(!haveChromium).each(registered)('%s in Chromium', (id, game) => {
  it('plays a short complete game on the player page, orders typed into its text box', async () => {
    const { created, seats, data } = await createShortGame(game, `web-${id}`);
    const pages = new Map<string, Page>();
    for (const { side, locale } of seats.values()) {
      const context = await browser!.newContext({ locale: locale === 'ja' ? 'ja-JP' : 'en-GB' });
      const page = await context.newPage();
      await page.goto(`${base}/play/${created.id}?token=${encodeURIComponent(tokenOf(created, side))}`);
      expect(page.url()).toBe(`${base}/play/${created.id}`);
      pages.set(side, page);
    }
    const rand = randomSource(`web-${id}`);
    await playToTheEnd(created.id, rand, async (seat, state) => {
      const page = pages.get(seat)!;
      await page.goto(`${base}/play/${created.id}`);
      await page.click('details.text-orders summary');
      await page.fill('#order-text', orderText(game, state, seat, data, seats.get(seat)!.locale, rand));
      await page.click('form.text-form button[type=submit]');
      // The page that answers: saved, or the errors of the text box (the orders refused).
      const answer = page.locator('p.ok, form.text-form .errors').first();
      await answer.waitFor();
      if (!(await answer.evaluate((e) => e.classList.contains('ok'))))
        throw new Error(`orders refused: ${await answer.textContent()}`);
    });
    for (const [seat, page] of pages) {
      await page.goto(`${base}/play/${created.id}`);
      const over = seats.get(seat)!.locale === 'ja' ? 'ゲームは終了しました。' : 'The game is over.';
      expect(await page.locator('.status .notice').first().textContent()).toContain(over);
      await page.context().close();
    }
  }, 120_000);
});

/** A seat's token, shown once at creation. */
function tokenOf(created: CreatedGame, side: string): string {
  return created.seats.find((s) => s.side === side)!.token;
}
