/**
 * The ladder for a vanishing player (src/services/deadlines/ladder.ts), with real deadlines of a few seconds worked
 * by a real worker process (its jobs and its computer player threads), mail delivered to a recording SMTP server and
 * answered through the real order listener: a player stops answering, default orders are applied at two deadlines in
 * a row, the computer player takes the seat over (everyone told in their language, the moderator asked for a
 * replacement), plays it with source "bot", and the player takes it back with RECLAIM (取り戻す) by mail. In a second
 * game a replacement player takes the seat, and the old player's RECLAIM is answered with why it is refused.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSmtpListener, type SmtpListener } from '../../src/mail/smtp-listener.ts';
import { createGame } from '../../src/services/games.ts';
import { submitOrders } from '../../src/services/orders.ts';
import { readCurrentStep } from '../../src/services/steps.ts';
import { buildTestApp, bearerOf, type TestApp } from '../support/app.ts';
import { killHard, spawnWorker, waitFor, type WorkerProcess } from '../jobs/support/processes.ts';
import { deliverAllDue } from './deps.ts';
import { type Recorded, type Recorder, sendToListener, startRecorder } from './helpers.ts';

let t: TestApp;
let recorder: Recorder;
let listener: SmtpListener;
let worker: WorkerProcess;

beforeAll(async () => {
  recorder = await startRecorder();
  t = await buildTestApp({
    config: {
      SMTP_URL: `smtp://127.0.0.1:${recorder.port}?tls=off`,
      MAIL_DOMAIN: 'judge.test',
      MAIL_FROM: 'Judge <judge@judge.test>',
      MAIL_REPLY_LIMIT_PER_HOUR: 10_000,
    },
  });
  listener = await startSmtpListener(t.deps, { port: 0, host: '127.0.0.1' });
  // The worker writes the notices of the deadlines it works: with the same mail domain as the listener's.
  worker = spawnWorker(t.database.url, {
    BOT_ITERATIONS: '30',
    MAIL_DOMAIN: 'judge.test',
    MAIL_FROM: 'Judge <judge@judge.test>',
  });
  await worker.ready;
});
afterAll(async () => {
  if (worker) await killHard(worker);
  await listener?.close();
  await recorder?.stop();
  await t?.close();
});

/**
 * A toy game (TOY 2: seat a picks at every step, b at every other) with 3-second deadlines and default orders at
 * the deadline: a's player (Japanese) will vanish; b's (English) answers at once, by the API, whenever it owes.
 */
async function ladderGame(tag: string) {
  const players = { a: `vanishing-${tag}@example.jp`, b: `steady-${tag}@example.org`, mod: `mod-${tag}@example.org` };
  const created = await createGame(t.deps, {
    game: 'toy',
    mode: 'mail',
    options: { rounds: 10 },
    moderatorEmail: players.mod,
    seats: [
      { side: 'a', email: players.a, locale: 'ja', timeZone: 'Asia/Tokyo' },
      { side: 'b', email: players.b, locale: 'en' },
    ],
    deadlines: { default: { length: '3s' } },
    missedPolicy: 'default-after-grace',
    botAfterMisses: 2,
    reminderHours: [1],
  });
  const seatB = await t.db.seat.findFirstOrThrow({ where: { gameId: created.id, side: 'b' } });
  let stop = false;
  // b's player: answers every step that owes it, as soon as it opens.
  const steady = (async () => {
    while (!stop) {
      const step = await readCurrentStep(t.db, created.id);
      if (step?.gameStatus === 'finished') break;
      const owesB = step?.status === 'open' && step.owed.some((o) => o.seat === 'b');
      const inAlready = step && (await t.db.order.count({ where: { stepId: step.stepId, seatId: seatB.id } }));
      if (owesB && !inAlready)
        await submitOrders(t.deps, {
          gameId: created.id,
          seatId: seatB.id,
          orders: { pick: 3 },
          raw: '',
          source: 'api',
        }).catch(() => {});
      await new Promise((r) => setTimeout(r, 150));
    }
  })();
  return {
    id: created.id,
    players,
    moderator: bearerOf(created.moderatorToken),
    async stop() {
      stop = true;
      await steady;
    },
  };
}

const seatA = (gameId: string) => t.db.seat.findFirstOrThrow({ where: { gameId, side: 'a' } });

/** The mails delivered to an address whose subject matches. */
async function mailsTo(address: string, subject: RegExp): Promise<Recorded[]> {
  await deliverAllDue(t.deps);
  return recorder.to(address).filter((m) => subject.test(m.parsed.subject ?? ''));
}

/**
 * Replies to a mail through the order listener, as a mail program would (quoting it). The listener answers once the
 * mail is processed: the reply's Message-ID names its stored row.
 */
async function reply(from: string, to: Recorded, text: string): Promise<string> {
  const quoted = (to.parsed.text ?? '')
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  const sent = await sendToListener(listener.port, {
    from,
    to: to.parsed.replyTo!.value[0].address!,
    subject: `Re: ${to.parsed.subject}`,
    inReplyTo: to.parsed.messageId,
    references: [to.parsed.messageId!],
    text: `${text}\n\n${quoted}\n`,
  });
  return sent.messageId;
}

/** What the intake made of a mail and what the game's audit log says since: the message of a failed assertion. */
async function intakeReport(gameId: string, messageId: string): Promise<string> {
  const rows = await t.db.inboundMail.findMany({ where: { messageId }, select: { status: true, result: true } });
  const audit = await t.db.auditLog.findMany({ where: { gameId }, orderBy: { id: 'asc' } });
  const actions = audit.map((a) => `${a.at.toISOString()} ${a.actor} ${a.action} ${JSON.stringify(a.detail)}`);
  return `inbound ${JSON.stringify(rows)}; audit:\n${actions.join('\n')}`;
}

/** Waits for the computer player to take seat a over after two missed deadlines. */
async function untilHandedOver(gameId: string): Promise<void> {
  expect(await waitFor(async () => (await seatA(gameId)).bot, 40_000, 250)).toBe(true);
}

describe('the ladder for a vanishing player', () => {
  test('two deadlines missed: the computer takes over, everyone is told, the player takes it back by mail', async () => {
    const g = await ladderGame('back');
    try {
      await untilHandedOver(g.id);
      // Two default orders for a (steps 0 and 1), then the hand-over, written by the system, in the history.
      const punctuality = await t.db.punctuality.findMany({
        where: { seat: { gameId: g.id, side: 'a' } },
      });
      expect(punctuality.filter((p) => p.outcome === 'missed').length).toBeGreaterThanOrEqual(2);
      const handed = await t.db.auditLog.findFirstOrThrow({ where: { gameId: g.id, action: 'seat.bot' } });
      expect(handed.actor).toBe('system');
      expect(handed.detail).toMatchObject({ side: 'a', by: 'misses', misses: 2 });

      // The missed notices, each in its reader's language.
      expect((await mailsTo(g.players.a, /締切/)).length).toBeGreaterThanOrEqual(2);
      expect((await mailsTo(g.players.b, /[Mm]issed/)).length).toBeGreaterThanOrEqual(2);
      // The hand-over: the vanishing player in Japanese with how to take it back; the other in English; the
      // moderator asked for a replacement.
      const toA = await mailsTo(g.players.a, /コンピュータが引き継ぎます/);
      expect(toA).toHaveLength(1);
      expect(toA[0].parsed.text).toContain('2 回続けて締切を逃しました');
      expect(toA[0].parsed.text).toContain('\n取り戻す\n');
      const toB = await mailsTo(g.players.b, /the computer player takes over/);
      expect(toB).toHaveLength(1);
      expect(toB[0].parsed.text).toContain('missed 2 deadlines in a row');
      expect(toB[0].parsed.text).not.toContain('RECLAIM');
      const toMod = await mailsTo(g.players.mod, /replacement player is wanted/);
      expect(toMod).toHaveLength(1);
      expect(toMod[0].parsed.text).toContain(`/api/games/${g.id}/seats/a/holder`);

      // The computer plays a from the next step on: its orders are source "bot".
      const a = await seatA(g.id);
      expect(
        await waitFor(async () => (await t.db.order.count({ where: { seatId: a.id, source: 'bot' } })) > 0, 30_000),
      ).toBe(true);
      // While it does, a's steps ask the player for nothing: no reminder or result mail reaches it after the notice.
      const notices = recorder.to(g.players.a).length;

      // The player comes back: 取り戻す in a reply to the hand-over notice. The listener answers once the mail is
      // processed, so the seat is the player's by then. It need not stay so: the player goes on missing deadlines,
      // and two more misses hand it to the computer again, which a loaded machine can reach before it looks.
      const reclaim = await reply(g.players.a, toA[0], '取り戻す');
      const back = await t.db.auditLog.findFirst({ where: { gameId: g.id, action: 'seat.player' } });
      expect(back, await intakeReport(g.id, reclaim)).not.toBeNull();
      expect(back!.actor).toBe('seat:a');
      expect(back!.detail).toMatchObject({ side: 'a', by: 'player' });
      // The flag first: a hand-over writes its audit entry in the transaction that sets it.
      if ((await seatA(g.id)).bot) {
        const since = await t.db.auditLog.findMany({ where: { gameId: g.id, id: { gt: back!.id } } });
        expect(since.find((a) => a.action === 'seat.bot')?.detail).toMatchObject({ side: 'a', by: 'misses' });
      }
      // The answer to the mail (written to the outbox at once; a reply may be held a minute to fold a burst).
      const answered = await t.db.outbox.findMany({ where: { gameId: g.id, toAddress: g.players.a, kind: 'reply' } });
      expect(answered.map((m) => m.text).join('\n')).toContain('を取り戻しました');
      expect((await mailsTo(g.players.b, /back with its player/))[0].parsed.text).toContain(
        'took the seat back from the computer player',
      );
      expect(recorder.to(g.players.a).length).toBeGreaterThan(notices);
      // Between the hand-over and the reclaim, no mail asked the player for anything or told it a result.
      const meanwhile = await t.db.outbox.count({
        where: {
          gameId: g.id,
          toAddress: g.players.a,
          kind: { in: ['result', 'reminder', 'missed'] },
          createdAt: { gt: handed.at, lt: back!.at },
        },
      });
      expect(meanwhile).toBe(0);
    } finally {
      await g.stop();
    }
  }, 120_000);

  test('a replacement takes the seat: the old player’s RECLAIM is refused with the reason', async () => {
    const g = await ladderGame('replaced');
    try {
      await untilHandedOver(g.id);
      const notice = (await mailsTo(g.players.a, /コンピュータが引き継ぎます/))[0];
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/games/${g.id}/seats/a/holder`,
        headers: g.moderator,
        payload: { email: 'stand-in@example.org', locale: 'en' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await seatA(g.id)).bot).toBe(false);

      await reply(g.players.a, notice, 'RECLAIM');
      const refused = await waitFor(async () => (await mailsTo(g.players.a, /^Re: /)).length > 0, 60_000, 250);
      expect(refused).toBe(true);
      const answer = (await mailsTo(g.players.a, /^Re: /))[0];
      expect(answer.parsed.text).toContain('もう取り戻せません');
      expect(answer.parsed.text).toContain('代わりのプレイヤー');
      // The seat stays the replacement's.
      const seat = await t.db.seat.findFirstOrThrow({ where: { gameId: g.id, side: 'a' }, include: { person: true } });
      expect(seat.person.email).toBe('stand-in@example.org');
      expect(seat.bot).toBe(false);
      const inbound = await t.db.inboundMail.findFirstOrThrow({ where: { gameId: g.id } });
      expect(inbound.result).toMatchObject({ reason: 'former-player' });
    } finally {
      await g.stop();
    }
  }, 120_000);
});
