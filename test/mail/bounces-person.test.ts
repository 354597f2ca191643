/**
 * Bounces of a person holding several seats of a game (one address): a DSN to the bounce address of its mail marks
 * every seat it holds for the moderator, and the person's page asks once; a new address given there is written on
 * the person and each of its seats.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { intakeMail } from '../../src/mail/intake.ts';
import { createGame, type CreatedGame } from '../../src/services/games.ts';
import { bearerOf, buildTestApp, type TestApp } from '../support/app.ts';
import { client, csrfOf } from '../web/helpers.ts';
import { deliverAllDue } from './deps.ts';

let t: TestApp;
let game: CreatedGame;

beforeAll(async () => {
  t = await buildTestApp({ config: { MAIL_DOMAIN: 'judge.test', MAIL_FROM: 'Judge <judge@judge.test>' } });
  game = await createGame(t.deps, {
    game: 'atlantic-wolves',
    mode: 'mail',
    name: 'Solo Game',
    moderatorEmail: 'mod@example.org',
    seats: [
      { side: 'allied', email: 'Solo@example.org' },
      { side: 'german', email: 'solo@example.org' },
    ],
  });
  await deliverAllDue(t.deps);
});
afterAll(async () => {
  await t?.close();
});

const statuses = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/games/${game.id}`, headers: bearerOf(game.moderatorToken) }))
    .json()
    .seats.map((s: { side: string; email: string; mailStatus: { status: string } }) => [
      s.side,
      s.email,
      s.mailStatus.status,
    ]);

test('a bounce of a person mail marks all its seats; a new address on its page is written on each', async () => {
  const welcome = await t.db.outbox.findFirstOrThrow({ where: { kind: 'welcome', status: 'sent' } });
  expect(welcome.seatId).toBeNull(); // one mail to the person, for both seats
  const dsn = [
    'From: MAILER-DAEMON@mx.example.org',
    `To: bounces+${welcome.bounceToken}@judge.test`,
    'Subject: Undelivered Mail Returned to Sender',
    'Message-ID: <person-dsn@mx.example.org>',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
    '',
    '--b',
    'Content-Type: message/delivery-status',
    '',
    'Final-Recipient: rfc822; solo@example.org',
    'Action: failed',
    'Status: 5.2.1',
    '--b--',
    '',
  ].join('\r\n');
  const outcome = await intakeMail(t.deps, {
    raw: Buffer.from(dsn),
    source: 'http',
    envelopeFrom: '',
    envelopeTo: [`bounces+${welcome.bounceToken}@judge.test`],
  });
  expect(outcome).toMatchObject({ status: 'ignored', replied: false });
  expect(await statuses()).toEqual([
    ['allied', 'Solo@example.org', 'bouncing'],
    ['german', 'solo@example.org', 'bouncing'],
  ]);
  const notice = await t.db.outbox.findFirstOrThrow({ where: { toAddress: 'mod@example.org', kind: 'moderator' } });
  expect(notice.text).toContain('(allied, german)');

  const person = client(t.app);
  await person.get(`/play/${game.id}?token=${game.persons[0].token}`);
  const page = (await person.get(`/play/${game.id}`)).body;
  expect(page.match(/id="mail-bouncing"/g)).toHaveLength(1);
  const res = await person.post(`/play/${game.id}/address`, {
    _csrf: csrfOf(page),
    action: 'change',
    email: 'solo.new@example.org',
  });
  expect(res.statusCode).toBe(303);
  expect(await statuses()).toEqual([
    ['allied', 'solo.new@example.org', 'ok'],
    ['german', 'solo.new@example.org', 'ok'],
  ]);
  const row = await t.db.person.findFirstOrThrow({ where: { gameId: game.id } });
  expect(row.email).toBe('solo.new@example.org');
});
