/** The iCalendar feed (pure text rules and the route) and the deadline API through app.inject. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildCalendar, escapeText, foldLine } from '../../src/calendar/ics.ts';
import { createGameVia, toyPayload, type GameHandle } from '../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { toyGame } from '../../src/games/toy/index.ts';

describe('iCalendar text', () => {
  test.each([
    ['a,b;c\\d', 'a\\,b\\;c\\\\d'],
    ['line\nnext', 'line\\nnext'],
  ])('escapes %j', (input, out) => expect(escapeText(input)).toBe(out));

  test('folds at 75 octets without splitting a UTF-8 character', () => {
    const folded = foldLine(`SUMMARY:${'締切'.repeat(40)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n ').join('')).toBe(`SUMMARY:${'締切'.repeat(40)}`);
  });

  test('a calendar has CRLF lines, one VEVENT per deadline, UTC times', () => {
    const text = buildCalendar({
      name: 'G (a)',
      now: new Date('2026-03-01T00:00:00Z'),
      events: [
        {
          uid: 'u1@x',
          at: new Date('2026-03-03T09:00:00Z'),
          summary: 'Orders due',
          description: 'x',
          sequence: 2,
          alarmMinutes: [360],
        },
      ],
    });
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text).toContain('\r\nDTSTART:20260303T090000Z\r\n');
    expect(text).toContain('\r\nSEQUENCE:2\r\n');
    expect(text).toContain('\r\nTRIGGER:-PT360M\r\n');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });
});

describe('feed and deadline API', () => {
  let t: TestApp;
  let g: GameHandle;
  let now = new Date('2026-03-02T09:00:00Z');
  beforeAll(async () => {
    t = await buildTestApp({ games: [toyGame], clock: () => now, config: { WEBHOOK_ALLOW_PRIVATE: false } });
    g = await createGameVia(
      t,
      toyPayload({ deadlines: { default: { length: '2d' } }, maxAbsences: 1, reminderHours: [24] }),
    );
  });
  afterAll(async () => t.close());

  const calendarToken = async (side: string) =>
    (await t.db.seat.findFirstOrThrow({ where: { gameId: g.id, side } })).calendarToken;

  test('a seat subscribes to its deadlines; a moved deadline updates the same event', async () => {
    const url = `/calendar/${await calendarToken('a')}.ics`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/calendar/);
    expect(first.body).toContain('DTSTART:20260304T090000Z');
    expect(first.body).toContain('SEQUENCE:0');
    const uid = /UID:(.*)\r\n/.exec(first.body)?.[1];
    const ext = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/deadline/extend`,
      headers: g.moderator,
      payload: { seconds: 3600 },
    });
    expect(ext.statusCode, ext.body).toBe(200);
    const second = await t.app.inject({ method: 'GET', url });
    expect(second.body).toContain('DTSTART:20260304T100000Z');
    expect(second.body).toContain('SEQUENCE:1');
    expect(/UID:(.*)\r\n/.exec(second.body)?.[1]).toBe(uid);
    expect((await t.app.inject({ method: 'GET', url: '/calendar/not-a-real-token-123.ics' })).statusCode).toBe(404);
  });

  test('absences: a seat declares one (the deadline moves), a second is refused; only seats may declare', async () => {
    const body = { startsAt: '2026-03-02T12:00:00Z', endsAt: '2026-03-03T12:00:00Z' };
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/games/${g.id}/absences`, headers: g.moderator, payload: body }))
        .statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/absences`,
      headers: g.seat.b,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().deadlineAt).toBe('2026-03-05T10:00:00.000Z');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/absences`,
      headers: g.seat.b,
      payload: { startsAt: '2026-03-10T00:00:00Z', endsAt: '2026-03-11T00:00:00Z' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('absence/limit');
    const list = await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/absences`, headers: g.seat.a });
    expect(list.json().absences).toHaveLength(1);
  });

  test('the moderator may not shorten into the past; punctuality is moderator-only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/deadline/shorten`,
      headers: g.moderator,
      payload: { seconds: 30 * 86400 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('deadline/in-past');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/punctuality`, headers: g.seat.a })).statusCode,
    ).toBe(403);
    const p = await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/punctuality`, headers: g.moderator });
    expect(p.json().seats.map((s: { side: string }) => s.side)).toEqual(['a', 'b']);
  });

  test('webhooks: only http(s) URLs off private addresses; listed and removed by the moderator', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/webhooks`,
      headers: g.moderator,
      payload: { url: 'http://127.0.0.1:9/hook' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/games/${g.id}/webhooks`,
          headers: g.moderator,
          payload: { url: 'file:///etc/passwd' },
        })
      ).statusCode,
    ).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/webhooks`,
      headers: g.moderator,
      payload: { url: 'https://discord.example/api/webhooks/1/x', events: ['result', 'missed'] },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/webhooks`, headers: g.moderator });
    expect(list.json().webhooks).toHaveLength(1);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/games/${g.id}/webhooks/${ok.json().id}`,
          headers: g.moderator,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/webhooks`, headers: g.seat.a })).statusCode,
    ).toBe(403);
    now = new Date(now.getTime() + 1000);
  });
});
