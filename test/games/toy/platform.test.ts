/**
 * A second game needs nothing outside src/games/ but its registry line: the toy game, known to the service only
 * through src/games/index.ts (the test app is built without any game of its own), plays complete games through
 * the API, by mail with its order text, by mail with JSON orders, and on the player's page with JSON in the text
 * box. A copy of it without a grammar (added by the test) is played by mail with JSON orders alone.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AnyGamePackage } from '../../../src/engine/game-package.ts';
import { getGame } from '../../../src/games/index.ts';
import { startSmtpListener, type SmtpListener } from '../../../src/mail/smtp-listener.ts';
import { formatOrderText } from '../../../src/orders-text/game-text.ts';
import { createGame } from '../../../src/services/games.ts';
import { currentStep } from '../../../src/services/steps.ts';
import { deliverAllDue } from '../../mail/deps.ts';
import { sendToListener, startRecorder, type Recorder } from '../../mail/helpers.ts';
import { createGameVia, postOrders } from '../../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../../support/app.ts';
import { client, csrfOf } from '../../web/helpers.ts';

const toy = getGame('toy')!;
/** The toy game without its grammar: a game whose orders come as JSON only. */
const grammarless: AnyGamePackage = { ...toy, id: 'toy-json', grammar: undefined };

let t: TestApp;
let recorder: Recorder;
let listener: SmtpListener;

beforeAll(async () => {
  recorder = await startRecorder();
  const mail = {
    SMTP_URL: `smtp://127.0.0.1:${recorder.port}?tls=off`,
    MAIL_DOMAIN: 'judge.test',
    MAIL_FROM: 'Judge <judge@judge.test>',
  };
  t = await buildTestApp({ config: { ...mail, MAIL_REPLY_LIMIT_PER_HOUR: 10_000 }, games: [grammarless] });
  listener = await startSmtpListener(t.deps, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await listener?.close();
  await recorder?.stop();
  await t?.close();
});

// A minute ahead: an acknowledgement following another within a minute is held that long (src/mail/ack-fold.ts).
const deliver = () => deliverAllDue(t.deps, 61_000);

test('the toy game plays a complete game through the API', async () => {
  const seats = [
    { side: 'a', email: 'api-a@example.org' },
    { side: 'b', email: 'api-b@example.org' },
  ];
  const g = await createGameVia(t, { game: 'toy', mode: 'mail', options: { rounds: 3 }, seats });
  for (let round = 0; round < 10; round++) {
    const step = await currentStep(t.deps, g.id);
    if (step.gameStatus === 'finished') break;
    for (const { seat } of step.owed)
      expect((await postOrders(t, g.id, g.seat[seat], { pick: 3 })).statusCode).toBe(200);
  }
  const record = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/record`, headers: g.seat.a })).json();
  expect(record.steps).toHaveLength(3);
  expect((await currentStep(t.deps, g.id)).gameStatus).toBe('finished');
});

/** Answers the last mail a player received with `text`, quoting that mail below it as mail programs do. */
async function replyTo(player: string, text: string): Promise<void> {
  const last = recorder.to(player).at(-1)!.parsed;
  const quoted = (last.text ?? '')
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  await sendToListener(listener.port, {
    from: player,
    to: last.replyTo!.value[0].address!,
    subject: `Re: ${last.subject}`,
    inReplyTo: last.messageId,
    text: `Hello,\n${text}\n\nOn Sun, 22 Nov 2026 at 10:00, Judge <judge@judge.test> wrote:\n${quoted}\n`,
  });
}

describe('the toy game by mail', () => {
  test.each([
    ['text orders', toy, 'text'],
    ['JSON orders', toy, 'json'],
    ['JSON orders, for a game without a grammar', grammarless, 'json'],
  ] as const)(
    '%s: a complete game, every order mail accepted',
    async (name, game, style) => {
      const tag = name.replace(/\W+/g, '-');
      const players: Record<string, string> = { a: `a-${tag}@example.org`, b: `b-${tag}@example.jp` };
      const seats = [
        { side: 'a', email: players.a, locale: 'en' as const },
        { side: 'b', email: players.b, locale: 'ja' as const, timeZone: 'Asia/Tokyo' },
      ];
      const created = await createGame(t.deps, {
        game: game.id,
        mode: 'mail',
        name: `Toy ${tag}`,
        options: { rounds: 3 },
        seats,
      });
      await deliver();
      const welcome = recorder.to(players.a)[0].parsed.text ?? '';
      expect(welcome).toMatch(game.grammar ? /PICK 3[\s\S]*JSON object/ : /Orders as JSON/);
      let sent = 0;
      for (let round = 0; round < 10; round++) {
        const step = await currentStep(t.deps, created.id);
        if (step.gameStatus === 'finished') break;
        for (const { seat } of step.owed) {
          const orders = {
            pick: 1 + ((round + sent) % 6),
            ...(round === 0 ? { standing: { note: `note of ${seat}` } } : {}),
          };
          const locale = seat === 'b' ? 'ja' : 'en';
          const text =
            style === 'text'
              ? formatOrderText(game, { data: game.defaultData }, orders, locale).join('\n')
              : JSON.stringify(orders, null, 1);
          await replyTo(players[seat], text);
          sent++;
        }
        await deliver();
      }
      expect((await currentStep(t.deps, created.id)).gameStatus).toBe('finished');
      const inbound = await t.db.inboundMail.findMany({
        where: { gameId: created.id },
        select: { status: true, result: true },
      });
      expect(inbound).toHaveLength(sent);
      expect(inbound.map((m) => [m.status, (m.result as { outcome: string }).outcome])).toEqual(
        inbound.map(() => ['processed', 'accepted']),
      );
      // The reply echoes the orders as understood: the grammar's words, or JSON for the game without one.
      const reply = recorder.to(players.a).find((m) => /Orders in:/.test(m.parsed.text ?? ''))!.parsed.text ?? '';
      expect(reply).toMatch(game.grammar ? /PICK \d/ : /"pick": \d/);
      // Results in the toy's own words, in each seat's language; the last result says the game is over.
      expect(recorder.to(players.a).some((m) => /A picked \d; the secret die shows \d/.test(m.parsed.text ?? ''))).toBe(
        true,
      );
      expect(recorder.to(players.b).some((m) => /B は \d を選び/.test(m.parsed.text ?? ''))).toBe(true);
      expect(recorder.to(players.b).some((m) => m.parsed.subject!.includes('ゲーム終了'))).toBe(true);
    },
    120_000,
  );
});

test("the toy game takes JSON orders in the player page's text box", async () => {
  const seats = [
    { side: 'a', email: 'web-a@example.org' },
    { side: 'b', email: 'web-b@example.org' },
  ];
  const g = await createGameVia(t, { game: 'toy', mode: 'mail', options: { rounds: 1 }, seats });
  const browser = client(t.app);
  await browser.get(`/play/${g.id}?token=${encodeURIComponent(g.tokens.a)}`);
  const page = await browser.get(`/play/${g.id}`);
  expect(page.statusCode, page.body).toBe(200);
  const bad = await browser.post(`/play/${g.id}/orders/text`, { _csrf: csrfOf(page.body), text: '{"pick": 9' });
  expect(bad.statusCode).toBe(422);
  expect(bad.body).toContain('JSON');
  const sent = await browser.post(`/play/${g.id}/orders/text`, { _csrf: csrfOf(page.body), text: '{"pick": 5}' });
  expect(sent.statusCode, sent.body).toBe(303);
  const orders = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/orders`, headers: g.seat.a })).json()
    .orders;
  expect(Object.values(orders as Record<string, { orders: unknown }>)[0].orders).toEqual({ pick: 5 });
});
