/**
 * One address holding both seats of the toy game (the Fin-Napoleon case of one player running several nations,
 * FN 6.0[2]): one welcome mail, one mail per step with a section per seat, orders for both seats in one API call and
 * in one mail, the page with a form per owed seat; the seats' own tokens still work alone. Beside it, a game whose
 * two seats have two addresses shows nothing of one player's to the other. Real Postgres, a real SMTP listener for
 * orders and a real SMTP server receiving the outbound mail.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toyGame } from '../../../src/games/toy/index.ts';
import { personTemplate } from '../../../src/mail/notify.ts';
import { startSmtpListener, type SmtpListener } from '../../../src/mail/smtp-listener.ts';
import { handleReminder } from '../../../src/services/deadlines/policy.ts';
import { currentStep } from '../../../src/services/steps.ts';
import { deliverAllDue } from '../../mail/deps.ts';
import { type Recorded, sendToListener, startRecorder, type Recorder } from '../../mail/helpers.ts';
import { createGameVia, type GameHandle, postOrders } from '../../support/api-helpers.ts';
import { bearerOf, buildTestApp, type TestApp } from '../../support/app.ts';
import { client, csrfOf } from '../../web/helpers.ts';

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
  t = await buildTestApp({ config: { ...mail, MAIL_REPLY_LIMIT_PER_HOUR: 10_000 } });
  listener = await startSmtpListener(t.deps, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await listener?.close();
  await recorder?.stop();
  await t?.close();
});

// A minute ahead: an acknowledgement following another within a minute is held that long (src/mail/ack-fold.ts).
const deliver = () => deliverAllDue(t.deps, 61_000);

/** A toy game with both seats given one address (in two spellings: addresses compare case-insensitively). */
async function heldByOne(address: string, extra: Record<string, unknown> = {}) {
  const [local, domain] = address.split('@');
  const seats = [
    { side: 'a', email: `${local.toUpperCase()}@${domain}`, name: 'Pat' },
    { side: 'b', email: address },
  ];
  const deadlines = { default: { length: '1d' } };
  const g = await createGameVia(t, { game: 'toy', mode: 'mail', options: { rounds: 3 }, seats, deadlines, ...extra });
  const persons = g.body.persons as { email: string; sides: string[]; token: string }[];
  expect(persons.map((p) => p.sides)).toEqual([['a', 'b']]);
  return { g, person: bearerOf(persons[0].token), personToken: persons[0].token };
}

const textOf = (m: Recorded) => m.parsed.text ?? '';

/** Replies to a recorded mail from its recipient, through the order listener. */
async function replyTo(last: Recorded, from: string, text: string) {
  await sendToListener(listener.port, {
    from,
    to: last.parsed.replyTo!.value[0].address!,
    subject: `Re: ${last.parsed.subject}`,
    inReplyTo: last.parsed.messageId,
    text,
  });
}

describe('both seats of the toy game held by one address', () => {
  test('one welcome mail, orders for both seats in one call, one result mail per step with a section per seat', async () => {
    const address = 'pat@example.org';
    const { g, person } = await heldByOne(address);
    await deliver();
    const welcome = recorder.to(address);
    expect(welcome).toHaveLength(1);
    // Like a one-seat player's: the subject says the move and by when, and the body ends with a reply template.
    expect(welcome[0].parsed.subject).toMatch(/Welcome: you play A, B · Your move by .+: Pick a number$/);
    expect(textOf(welcome[0])).toMatch(/== Your reply ==\n\n[^\n]+\n\nSEAT a\nPICK 1\nSEAT b\nPICK 1\n/);
    expect(textOf(welcome[0])).toMatch(/== Seat A ==[\s\S]*TOY-D1[\s\S]*== Seat B ==[\s\S]*TOY-D1/);
    expect(textOf(welcome[0])).toContain(`/play/${g.id}?token=`);
    // The person's calendar feed: the deadline of the step both its seats owe, naming both.
    const feed = /\/calendar\/[A-Za-z0-9_-]+\.ics/.exec(textOf(welcome[0]))![0];
    const ics = await t.app.inject({ method: 'GET', url: feed });
    expect(ics.statusCode).toBe(200);
    expect(ics.body.replace(/\r\n /g, '')).toContain(String.raw`orders due\, step 0 (A\, B)`);
    const personReply = welcome[0].parsed.replyTo!.value[0].address!;
    expect(personReply).toMatch(/^orders\+.+@judge\.test$/);

    // The person's view: each seat's board and choices, the union of what its seats may see.
    const view = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: person })).json();
    expect(view.you).toEqual({ role: 'person', sides: ['a', 'b'] });
    expect(Object.keys(view.bySeat)).toEqual(['a', 'b']);
    expect(view.bySeat.a.choices.point).toBe('TOY-D1');
    expect(view.bySeat.b.choices.point).toBe('TOY-D1');
    expect(view.seats.map((s: { email?: string }) => s.email)).toEqual(['PAT@example.org', address]);

    // Step 0 owes both seats: one call stores both, each as its seat's revision, and resolves the step.
    const both = await postOrders(t, g.id, person, { a: { pick: 3 }, b: { pick: 4, standing: { note: 'mine' } } });
    expect(both.statusCode, both.body).toBe(200);
    expect(Object.keys(both.json().orderIds)).toEqual(['a', 'b']);
    expect(both.json().resolution).toMatchObject({ resolved: true, step: 0 });
    const step0 = await t.db.order.findMany({
      where: { gameId: g.id, step: { number: 0 } },
      select: { revision: true, source: true, parsed: true, seat: { select: { side: true } } },
      orderBy: { seat: { side: 'asc' } },
    });
    expect(step0.map((o) => [o.seat.side, o.revision, o.source, o.parsed])).toEqual([
      ['a', 1, 'api', { pick: 3 }],
      ['b', 1, 'api', { pick: 4, standing: { note: 'mine' } }],
    ]);
    await deliver();
    const result = recorder.to(address)[1];
    expect(recorder.to(address)).toHaveLength(2);
    expect(textOf(result)).toContain('== Result of step 0 ==');
    // Seat A picks next (TOY 2, odd steps): the person must move.
    expect(result.parsed.subject).toMatch(/Your move by .+: Pick a number$/);
    // Its reply template: seat A's default pick, with no SEAT line (A is its only seat that owes).
    expect(textOf(result)).toMatch(/== Your reply ==\n\n[^\n]+\n\nPICK \d\n/);
    // Both seats' secret dice (each visible to its own seat only), then a section per seat.
    expect(textOf(result)).toMatch(/A picked 3; the secret die shows \d[\s\S]*B picked 4; the secret die shows \d/);
    expect(textOf(result)).toMatch(/== Seat A ==[\s\S]*TOY-D1[\s\S]*== Seat B ==[\s\S]*You owe no orders now/);
    expect(result.parsed.replyTo!.value[0].address).toBe(personReply);

    // A seat's own token still acts for its seat alone, in today's shape.
    const alone = await postOrders(t, g.id, g.seat.a, { pick: 2 });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json()).toMatchObject({ orderId: expect.any(String), resolution: { step: 1 } });
    await deliver();
    expect(recorder.to(address)).toHaveLength(3);

    // Step 2 owes both: invalid orders of one seat store nothing for either, and every error names its seat.
    const bad = await postOrders(t, g.id, person, { a: { pick: 1 }, b: { pick: 9 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.errors).toEqual([
      expect.objectContaining({ seat: 'b', path: 'b.pick', code: 'toy/range' }),
    ]);
    const none = await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/orders`, headers: person });
    expect(none.json()).toMatchObject({ step: 2, orders: {} });
    const flat = await postOrders(t, g.id, person, { pick: 1 });
    expect(flat.statusCode).toBe(403);
    expect(flat.json().error.code).toBe('auth/not-your-seat');

    // A reminder reaches the person once, naming both seats and what each owes.
    const open = await t.db.step.findFirstOrThrow({ where: { gameId: g.id, number: 2 } });
    const job = { gameId: g.id, stepId: open.id, hours: 6, deadlineAt: open.deadlineAt!.toISOString() };
    expect(await handleReminder(t.deps, job)).toBe('sent');
    const reminders = await t.db.outbox.findMany({ where: { gameId: g.id, kind: 'reminder' } });
    expect(reminders.map((r) => [r.toAddress, r.replyTo])).toEqual([['PAT@example.org', personReply]]);
    expect(reminders[0].text).toContain('Your orders for step 2 (a: TOY-D1; b: TOY-D1) are not in yet');

    // By mail: one reply to the person's address, a SEAT line before each seat's orders (Japanese keyword too).
    const last = recorder.to(address).at(-1)!;
    await replyTo(last, address, 'Hi,\nSEAT a\nPICK 5\n席 B\n選択 6\nNOTE from the mail\n\n-- \nPat\n');
    await deliver();
    const after = recorder.to(address).slice(3);
    const reply = after.find((m) => /Orders in:/.test(textOf(m)))!;
    expect(textOf(reply)).toContain('SEAT a\nPICK 5\nSEAT b\nPICK 6\nNOTE from the mail');
    const over = after.find((m) => m.parsed.subject!.includes('Game over'))!;
    expect(textOf(over)).toMatch(/A picked 5[\s\S]*B picked 6/);
    expect((await currentStep(t.deps, g.id)).gameStatus).toBe('finished');
    const byMail = await t.db.order.findMany({
      where: { gameId: g.id, step: { number: 2 } },
      select: { source: true, raw: true, seat: { select: { side: true } } },
      orderBy: { seat: { side: 'asc' } },
    });
    expect(byMail.map((o) => [o.seat.side, o.source, o.raw])).toEqual([
      ['a', 'email', 'PICK 5'],
      ['b', 'email', '選択 6\nNOTE from the mail'],
    ]);

    // One mail per step and nothing to anyone else: welcome, results of steps 0, 1 and 2, the reply.
    const outbox = await t.db.outbox.findMany({ where: { gameId: g.id }, select: { toAddress: true, kind: true } });
    expect(outbox.every((m) => m.toAddress.toLowerCase() === address)).toBe(true);
    expect(outbox.map((m) => m.kind).sort()).toEqual(['reminder', 'reply', 'result', 'result', 'result', 'welcome']);
  }, 120_000);

  test('a mail for both seats with an error is refused whole; every error names its seat and line', async () => {
    const address = 'mail-errors@example.org';
    const { g } = await heldByOne(address);
    await deliver();
    const welcome = recorder.to(address)[0];
    await replyTo(welcome, address, 'SEAT a\nPICK 7\nSEAT c\nPICK 2\nSEAT b\nPICK x\n');
    await deliver();
    const answer = textOf(recorder.to(address).at(-1)!);
    expect(answer).toContain('REJECTED');
    expect(answer).toContain('seat B: line 6: PICK takes one number');
    expect(answer).toContain('line 3: "c" is not one of your seats (a, b) [text/seat-unknown]');
    expect(answer).toMatch(/seat A: TOY toy\/range: pick 1 to 6 \[toy\/range\] \(a\.pick\)/);
    expect(await t.db.order.count({ where: { gameId: g.id } })).toBe(0);

    // JSON by seat works the same way, and orders before any SEAT line need one when both seats owe.
    await replyTo(welcome, address, 'PICK 2\n');
    await deliver();
    expect(textOf(recorder.to(address).at(-1)!)).toContain('[text/seat-needed]');
    await replyTo(welcome, address, '{"a": {"pick": 2}, "b": {"pick": 3}}\n');
    await deliver();
    expect(textOf(recorder.to(address).at(-1)!)).toContain('Orders in:');
    expect(await t.db.order.count({ where: { gameId: g.id } })).toBe(2);
    // Only seat a owes at step 1: orders without a SEAT line are its own.
    await replyTo(welcome, address, 'PICK 4\n');
    await deliver();
    expect(textOf(recorder.to(address).at(-1)!)).toContain('SEAT a\nPICK 4');
    expect((await currentStep(t.deps, g.id)).number).toBe(2);
  }, 120_000);

  test("the person's page: a form per owed seat, each posting for its seat; the history of both seats", async () => {
    const { g, personToken } = await heldByOne('page@example.org');
    const browser = client(t.app);
    const signIn = await browser.get(`/play/${g.id}?token=${encodeURIComponent(personToken)}`);
    expect(signIn.statusCode).toBe(303);
    const page = await browser.get(`/play/${g.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain(`action="/play/${g.id}/seats/a/orders"`);
    expect(page.body).toContain(`action="/play/${g.id}/seats/b/orders"`);
    expect(page.body).toContain('You play A, B: 2 seats, one address');

    const csrf = csrfOf(page.body);
    const a = await browser.post(`/play/${g.id}/seats/a/orders`, { _csrf: csrf, pick: '2' });
    expect(a.statusCode, a.body).toBe(303);
    const wrong = await browser.post(`/play/${g.id}/seats/b/orders/text`, { _csrf: csrf, text: 'PICK 9' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toMatch(/id="seat-b"[\s\S]*pick 1 to 6/);
    expect(await browser.post(`/play/${g.id}/seats/c/orders`, { _csrf: csrf, pick: '2' })).toMatchObject({
      statusCode: 401,
    });
    const b = await browser.post(`/play/${g.id}/seats/b/orders/text`, { _csrf: csrf, text: 'PICK 3' });
    expect(b.statusCode, b.body).toBe(303);

    // Resolved: the history shows both seats' secret dice; only seat a owes now.
    const next = await browser.get(`/play/${g.id}`);
    expect(next.body).toMatch(/A picked 2; the secret die shows \d/);
    expect(next.body).toMatch(/B picked 3; the secret die shows \d/);
    expect(next.body).toContain(`action="/play/${g.id}/seats/a/orders"`);
    expect(next.body).not.toContain(`action="/play/${g.id}/seats/b/orders"`);
  });
});

describe('two addresses, one seat each', () => {
  test('nothing of one player reaches the other: tokens, mails, pages and history', async () => {
    const seats = [
      { side: 'a', email: 'ann@example.org' },
      { side: 'b', email: 'bob@example.org' },
    ];
    const g: GameHandle = await createGameVia(t, { game: 'toy', mode: 'mail', options: { rounds: 2 }, seats });
    expect(g.body.persons).toEqual([]);
    // A seat's token never reaches the other seat, even in the shape of a person's orders.
    const across = await postOrders(t, g.id, g.seat.a, { b: { pick: 3 } });
    expect(across.statusCode).toBe(422);
    expect(await t.db.order.count({ where: { gameId: g.id } })).toBe(0);
    expect((await postOrders(t, g.id, g.seat.a, { pick: 1 })).statusCode).toBe(200);
    expect((await postOrders(t, g.id, g.seat.b, { pick: 6, standing: { note: 'secret of bob' } })).statusCode).toBe(
      200,
    );
    await deliver();
    for (const [me, other] of [
      ['ann', 'B'],
      ['bob', 'A'],
    ]) {
      const mails = recorder.to(`${me}@example.org`);
      expect(mails.map((m) => m.parsed.subject)).toEqual([
        expect.stringContaining('Welcome'),
        expect.stringMatching(me === 'ann' ? /Your move: Pick a number$/ : /Result of step 0: nothing to do now$/),
      ]);
      expect(textOf(mails[1])).not.toMatch(new RegExp(`${other} picked|Secret die of ${other}`));
      expect(textOf(mails[1])).not.toContain('== Seat');
    }
    const annSteps = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/steps`, headers: g.seat.a })).json()
      .steps;
    const events = annSteps.flatMap((s: { events: { visibleTo?: string[] }[] }) => s.events);
    expect(events.length).toBeGreaterThan(2);
    expect(events.filter((e: { visibleTo?: string[] }) => e.visibleTo?.includes('b'))).toEqual([]);
    expect(JSON.stringify(annSteps)).not.toContain('secret of bob');
    const annPage = client(t.app);
    await annPage.get(`/play/${g.id}?token=${encodeURIComponent(g.tokens.a)}`);
    const html = (await annPage.get(`/play/${g.id}`)).body;
    expect(html).toMatch(/A picked 1/);
    expect(html).not.toMatch(/B picked|secret of bob/);
  });
});

test("a person's reply template names each owing seat with a SEAT line when several owe, and only then", () => {
  const state = toyGame.setup({ mode: 'mail', options: {}, data: toyGame.defaultData } as never);
  const seats = [{ side: 'a' }, { side: 'b' }] as never[];
  const both = personTemplate(toyGame as never, toyGame.defaultData, state, toyGame.owed(state), seats, 'en');
  expect(both).toEqual(['SEAT a', expect.stringMatching(/^PICK \d$/), 'SEAT b', expect.stringMatching(/^PICK \d$/)]);
  const onlyA = toyGame.owed(state).filter((o) => o.seat === 'a');
  expect(personTemplate(toyGame as never, toyGame.defaultData, state, onlyA, seats, 'en')).toEqual([
    expect.stringMatching(/^PICK \d$/),
  ]);
});
