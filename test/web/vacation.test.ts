/**
 * A vacation declared once, on one game's page or by the mail command VACATION (休暇), reaches every running game
 * of the player's address and no other address's game; each game's limits hold, with the reason shown in the
 * player's language; the opponents' notices are queued; withdrawing works from any of the address's games. Real
 * Postgres, the app through inject, inbound mail through the intake.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakeMail } from '../../src/mail/intake.ts';
import { createGameVia, type GameHandle } from '../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { client, csrfOf } from './helpers.ts';

const now = new Date('2026-12-10T09:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, config: { MAIL_DOMAIN: 'judge.test', PUBLIC_URL: 'https://judge.test' } });
});
afterAll(async () => {
  await t?.close();
});

const toy = (a: string, b: string, extra: Record<string, unknown> = {}) =>
  createGameVia(t, {
    game: 'toy',
    mode: 'mail',
    seats: [
      { side: 'a', email: a },
      { side: 'b', email: b, locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
    deadlines: { default: { length: '2d' } },
    ...extra,
  });

const deadlineOf = async (g: GameHandle) =>
  (await t.db.step.findFirstOrThrow({ where: { gameId: g.id, number: 0 } })).deadlineAt!;
const absencesOf = (g: GameHandle) => t.db.absence.findMany({ where: { seat: { gameId: g.id } } });
const noticesTo = (g: GameHandle, to: string) =>
  t.db.outbox.findMany({ where: { gameId: g.id, toAddress: to, kind: 'deadline' } });

/** Signs a browser in to a game's page as a seat (its link's token). */
async function signedIn(g: GameHandle, side: string) {
  const b = client(t.app);
  expect((await b.get(`/play/${g.id}?token=${encodeURIComponent(g.tokens[side])}`)).statusCode).toBe(303);
  return b;
}

/** An inbound mail to a seat's reply address. */
async function mailFrom(g: GameHandle, side: string, body: string, id: string) {
  const seat = await t.db.seat.findFirstOrThrow({ where: { gameId: g.id, side } });
  const raw = `From: ${seat.email}\r\nTo: orders+${seat.mailToken}@judge.test\r\nMessage-ID: <${id}@example.org>\r\nSubject: away\r\n\r\n${body}\r\n`;
  return intakeMail(t.deps, { source: 'http', raw: Buffer.from(raw) });
}
const replyTo = (g: GameHandle, id: string) =>
  t.db.outbox.findFirstOrThrow({ where: { gameId: g.id, kind: 'reply', inReplyTo: `<${id}@example.org>` } });

describe('on the page', () => {
  it('declared in one game applies to the two games of the address, not to another address; limits shown', async () => {
    const one = await toy('pia@example.org', 'kai@example.org');
    const two = await toy('ned@example.org', 'PIA@example.org');
    const other = await toy('pia@example.net', 'oli@example.org');
    const capped = await toy('pia@example.org', 'uma@example.org', { maxAbsences: 0 });
    const before = [await deadlineOf(one), await deadlineOf(two), await deadlineOf(other)];

    const b = await signedIn(one, 'a');
    const page = await b.get(`/play/${one.id}`);
    expect(page.body).toContain('id="vacation-h">Vacation</h2>');
    const res = await b.post(`/play/${one.id}/vacation`, {
      _csrf: csrfOf(page.body),
      from: '2026-12-11',
      to: '2026-12-12',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/play/${one.id}?vacation=declared#vacation`);

    // 11 Dec 00:00 to 13 Dec 00:00 UTC (the player's zone): the deadlines of the address's games move by 2 days.
    expect((await deadlineOf(one)).getTime() - before[0].getTime()).toBe(2 * 86400_000);
    expect((await deadlineOf(two)).getTime() - before[1].getTime()).toBe(2 * 86400_000);
    expect(await deadlineOf(other)).toEqual(before[2]);
    expect(await absencesOf(other)).toEqual([]);
    expect((await absencesOf(two)).map((a) => a.vacationId)).toHaveLength(1);
    expect(await absencesOf(capped)).toEqual([]);
    // The opponents are told in their language; the other address's opponent is not.
    expect((await noticesTo(one, 'kai@example.org')).some((m) => m.subject.endsWith('不在: A'))).toBe(true);
    expect((await noticesTo(two, 'ned@example.org')).some((m) => m.subject.endsWith('Absence: B'))).toBe(true);
    expect(await noticesTo(other, 'oli@example.org')).toEqual([]);
    // The audit log of each game has it.
    const audited = await t.db.auditLog.findMany({
      where: { gameId: { in: [two.id, capped.id] }, action: { in: ['absence.declare', 'vacation.refused'] } },
    });
    expect(audited.map((a) => a.action).sort()).toEqual(['absence.declare', 'vacation.refused']);

    // The page lists what each game did, the refusal with its reason.
    const after = (await b.get(`/play/${one.id}?vacation=declared`)).body;
    expect(after).toContain('Your vacation is declared.');
    expect(after).toContain('it allows 0 absence(s) per player');
    expect(after.match(/away from Fri 2026-12-11 00:00 \(UTC\) to Sun 2026-12-13 00:00 \(UTC\)/g)).toHaveLength(2);

    // The same vacation, seen from the other game's page in Japanese, is withdrawn there for every game.
    const j = await signedIn(two, 'b');
    const jaPage = (await j.get(`/play/${two.id}`)).body;
    expect(jaPage).toContain('id="vacation-h">休暇</h2>');
    expect(jaPage).toContain('不在は1人 0 回まで');
    const id = (await t.db.vacation.findFirstOrThrow({ where: { address: 'pia@example.org' } })).id;
    const cancel = await j.post(`/play/${two.id}/vacation/cancel`, { _csrf: csrfOf(jaPage), id });
    expect(cancel.headers.location).toBe(`/play/${two.id}?vacation=cancelled#vacation`);
    expect(await deadlineOf(one)).toEqual(before[0]);
    expect(await deadlineOf(two)).toEqual(before[1]);
    expect((await j.get(`/play/${two.id}?vacation=cancelled`)).body).toContain(
      'すべてのゲームで休暇を取り消しました。',
    );

    // Another address's player cannot withdraw it (told nothing about it).
    const o = await signedIn(other, 'a');
    const oPage = (await o.get(`/play/${other.id}`)).body;
    const foreign = await o.post(`/play/${other.id}/vacation/cancel`, { _csrf: csrfOf(oPage), id });
    expect(foreign.headers.location).toBe(`/play/${other.id}?vacation=vacation%2Fover#vacation`);
  });

  it('refuses a reversed span and a missing CSRF token', async () => {
    const g = await toy('rev@example.org', 'rox@example.org');
    const b = await signedIn(g, 'a');
    const page = (await b.get(`/play/${g.id}`)).body;
    const res = await b.post(`/play/${g.id}/vacation`, { _csrf: csrfOf(page), from: '2026-12-20', to: '2026-12-19' });
    expect(res.headers.location).toBe(`/play/${g.id}?vacation=vacation%2Forder#vacation`);
    expect((await b.get(`/play/${g.id}?vacation=vacation%2Forder`)).body).toContain(
      'The vacation must end on or after the day it starts.',
    );
    const junk = await b.post(`/play/${g.id}/vacation`, { _csrf: csrfOf(page), from: '<script>', to: 'x' });
    expect(junk.headers.location).toBe(`/play/${g.id}?vacation=vacation%2Fdate#vacation`);
    expect((await b.post(`/play/${g.id}/vacation`, { from: '2026-12-20', to: '2026-12-21' })).statusCode).toBe(403);
    expect(await t.db.vacation.count({ where: { address: 'rev@example.org' } })).toBe(0);
  });
});

describe('by mail', () => {
  it('VACATION in a reply applies to every game of the address; processed again it declares nothing twice', async () => {
    const one = await toy('mia@example.org', 'moe@example.org');
    const two = await toy('MIA@example.org', 'mal@example.org');
    const other = await toy('mia@example.net', 'mox@example.org');
    const out = await mailFrom(one, 'a', 'VACATION 2026-12-20 2027-02-07', 'vac-1');
    expect(out).toMatchObject({ status: 'processed' });
    const reply = await replyTo(one, 'vac-1');
    expect(reply.text).toContain('Vacation declared for every game of your address:');
    // 50 days asked: each game takes its longest absence (30 days), and says so.
    expect(reply.text.match(/away from Sun 2026-12-20 00:00 \(UTC\) to Tue 2027-01-19 00:00 \(UTC\)/g)).toHaveLength(2);
    expect(reply.text).toContain('this game allows an absence of at most 30 days');
    expect(await absencesOf(other)).toEqual([]);
    expect((await absencesOf(two)).length).toBe(1);
    expect((await noticesTo(two, 'mal@example.org')).some((m) => m.subject.endsWith('不在: A'))).toBe(true);

    // The same mail again (its process died after the vacation): one vacation, one absence per game.
    await t.db.inboundMail.updateMany({ where: { messageId: '<vac-1@example.org>' }, data: { status: 'received' } });
    await mailFrom(one, 'a', 'VACATION 2026-12-20 2027-02-07', 'vac-1');
    expect(await t.db.vacation.count({ where: { address: 'mia@example.org' } })).toBe(1);
    expect((await absencesOf(one)).length).toBe(1);

    // 休暇 取消 from the other game withdraws it everywhere, answered in the seat's language.
    await mailFrom(two, 'a', '休暇 取消', 'vac-2');
    expect((await replyTo(two, 'vac-2')).text).toContain('withdrawn in every game');
    expect(await absencesOf(one)).toEqual([]);
    expect(await absencesOf(two)).toEqual([]);
  });

  it('bad dates are answered with the usage; SIGNON may not declare', async () => {
    const g = await toy('sol@example.org', 'sam@example.org');
    await mailFrom(g, 'b', '休暇 2026-12-20', 'vac-3');
    expect((await replyTo(g, 'vac-3')).text).toContain('休暇には日付を2つ書いてください');
    const raw = `From: sol@example.org\r\nTo: orders@judge.test\r\nMessage-ID: <vac-4@example.org>\r\nSubject: away\r\n\r\nSIGNON ${g.tokens.a}\r\nVACATION 2026-12-20 2026-12-22\r\n`;
    await intakeMail(t.deps, { source: 'http', raw: Buffer.from(raw) });
    expect((await replyTo(g, 'vac-4')).text).toContain('VACATION is taken only from a reply');
    expect(await t.db.vacation.count({ where: { address: 'sol@example.org' } })).toBe(0);
  });
});
