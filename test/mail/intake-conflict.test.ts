/**
 * A mail whose transaction loses a race (src/mail/intake.ts, `processRetryingConflicts`), on real Postgres: another
 * session makes a real deadlock with the transaction of a RECLAIM by mail, Postgres breaks it by failing the mail's
 * transaction, and the mail is processed again: the player gets its seat back and its answer, where the mail used to
 * end `failed`, unanswered. A command that fails for another reason is answered in the reader's language.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AnyGame } from '../../src/engine/types.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import { intakeMail } from '../../src/mail/intake.ts';
import { handSeatToBot } from '../../src/services/bot-seats.ts';
import { waitFor } from '../jobs/support/processes.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { anotherSessionWaitsForALock } from '../support/db.ts';
import { toyOfTwoPlayers } from '../support/toy-games.ts';

let t: TestApp;
/** The toy's package as the app finds it: a test may swap in a broken one. */
let toy: AnyGame = toyGame;
beforeAll(async () => {
  t = await buildTestApp({
    config: { MAIL_DOMAIN: 'judge.test', MAIL_REPLY_LIMIT_PER_HOUR: 10_000 },
    gameLookup: (id) => (id === 'toy' ? toy : undefined),
  });
});
afterAll(async () => {
  await t?.close();
});

/** A player's mail to its seat's reply address: `text` its body, `tag` naming its Message-ID. */
const mailOfSeat = (from: string, mailToken: string, tag: string, text: string): Buffer =>
  Buffer.from(
    [
      `From: ${from}`,
      `To: orders+${mailToken}@judge.test`,
      `Message-ID: <${tag}@example.org>`,
      'Subject: Re: seat',
      '',
      text,
      '',
    ].join('\r\n'),
  );

/** Deadlocks Postgres has broken in the test's database so far. */
async function deadlocks(session: pg.Client): Promise<number> {
  const r = await session.query('SELECT deadlocks::int AS n FROM pg_stat_database WHERE datname = current_database()');
  return r.rows[0].n;
}

test('a RECLAIM by mail failed by Postgres to break a deadlock is processed again, and answered', async () => {
  const { gameId, seatA: seat } = await toyOfTwoPlayers(t, 'conflict');
  await handSeatToBot(t.deps, gameId, 'a');
  const raw = mailOfSeat('a-conflict@example.org', seat.mailToken, `reclaim-conflict-${gameId}`, '取り戻す');

  const other = new pg.Client({ connectionString: t.database.url });
  await other.connect();
  try {
    const before = await deadlocks(other);
    // The other session holds seat a's row; the mail's transaction takes the game's row FOR SHARE and waits for the
    // seat's. The other session then asks for the game's row: each waits for the other. Its own deadlock check
    // comes late, so Postgres breaks the cycle by failing the mail's transaction.
    await other.query('BEGIN');
    await other.query(`SET LOCAL deadlock_timeout = '20s'`);
    await other.query(`SELECT 1 FROM "Seat" WHERE id = $1 FOR UPDATE`, [seat.id]);
    const outcome = intakeMail(t.deps, { source: 'http', raw });
    expect(await waitFor(() => anotherSessionWaitsForALock(other), 10_000, 20)).toBe(true);
    await other.query(`SELECT 1 FROM "Game" WHERE id = $1 FOR UPDATE`, [gameId]);
    await other.query('COMMIT');

    expect((await outcome).status).toBe('processed');
    // A backend adds its counters to the shared statistics only when it next goes idle, and at most once a second
    // (Postgres 15 and later): the broken deadlock shows up in pg_stat_database a moment after the mail is through.
    expect(await waitFor(async () => (await deadlocks(other)) > before, 15_000, 100)).toBe(true);
  } finally {
    await other.end();
  }
  expect((await t.db.seat.findUniqueOrThrow({ where: { id: seat.id } })).bot).toBe(false);
  const back = await t.db.auditLog.findMany({ where: { gameId, action: 'seat.player' } });
  expect(back.map((a) => a.actor)).toEqual(['seat:a']);
  const inbound = await t.db.inboundMail.findFirstOrThrow({ where: { gameId } });
  expect(inbound.status).toBe('processed');
  const answer = await t.db.outbox.findFirstOrThrow({ where: { gameId, kind: 'reply' } });
  expect(answer.toAddress).toBe('a-conflict@example.org');
  expect(answer.text).toContain('を取り戻しました');
});

test('a command that fails for another reason is answered in the reader’s language, and the mail is processed', async () => {
  const { gameId, seatA: seat } = await toyOfTwoPlayers(t, 'broken');
  // STATUS draws the board: a package whose board throws is a fault of the server, not of the mail.
  toy = {
    ...toyGame,
    board: () => {
      throw new Error('the board cannot be drawn');
    },
  } as AnyGame;
  try {
    const raw = mailOfSeat('a-broken@example.org', seat.mailToken, `status-broken-${gameId}`, '状況');
    expect((await intakeMail(t.deps, { source: 'http', raw })).status).toBe('processed');
  } finally {
    toy = toyGame;
  }
  const answer = await t.db.outbox.findFirstOrThrow({ where: { gameId, kind: 'reply' } });
  expect(answer.text).toContain('STATUS はサーバー側のエラーで実行できませんでした');
  expect(answer.text).not.toMatch(/STATUS: failed/);
});
