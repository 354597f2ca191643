/**
 * Mails a player can act on: the subject says whether to move and by when, in the reader's zone and language; the
 * body ends with a reply template of the orders owed (the defaults, in the order syntax), which sent back as it is
 * is accepted as those orders; HELP carries the same template; the welcome comes first and tells the set-up dice
 * (no separate result mail of the set-up); a moderator's reply has none of a player's boilerplate; a missed
 * deadline names seats by their names; preformatted parts wrap on a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Outbox } from '../../src/generated/prisma/client.ts';
import { atlanticWolves, type AwState } from '../../src/games/atlantic-wolves/index.ts';
import { intakeMail } from '../../src/mail/intake.ts';
import { readOrders } from '../../src/orders-text/game-text.ts';
import { currentStep } from '../../src/services/steps.ts';
import { createGameVia } from '../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';

const now = new Date('2026-11-24T09:00:00Z'); // a Tuesday
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, config: { MAIL_DOMAIN: 'judge.test' } });
});
afterAll(async () => {
  await t?.close();
});

/** A standard Atlantic Wolves game (its set-up rolls dice before the first orders), deadlines at 21:00 Tokyo time. */
const standardGame = (review: 'auto' | 'moderator' = 'auto') =>
  createGameVia(t, {
    game: 'atlantic-wolves',
    mode: 'standard',
    review,
    moderatorEmail: 'mod@example.org',
    deadlines: { timeZone: 'Asia/Tokyo', default: { length: '3d', at: '21:00' } },
    seats: [
      { side: 'allied', email: 'ally@example.org', locale: 'en', timeZone: 'Europe/London' },
      { side: 'german', email: 'wolf@example.org', locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
  });

const outbox = (gameId: string, to?: string): Promise<Outbox[]> =>
  t.db.outbox.findMany({ where: { gameId, ...(to ? { toAddress: to } : {}) }, orderBy: { createdAt: 'asc' } });

/** The lines of a mail's reply template (after its heading and instructions). */
function templateOf(text: string, heading: string): string[] {
  const after = text.split(`== ${heading} ==\n`)[1];
  if (!after) return [];
  const body = after.split('\n\n').slice(1).join('\n\n');
  return body.split('\n-- \n')[0].trim().split('\n');
}

describe('mails a player can act on', () => {
  it('the welcome comes alone, first, with the set-up dice, a subject that says the move and its deadline', async () => {
    const g = await standardGame();
    const mails = await outbox(g.id);
    expect(mails.map((m) => m.kind)).toEqual(['welcome', 'welcome']);
    const [ally] = mails.filter((m) => m.toAddress === 'ally@example.org');
    const [wolf] = mails.filter((m) => m.toAddress === 'wolf@example.org');
    // 3 days from Tue 09:00 UTC, rounded up to 21:00 in Tokyo: Fri 27 Nov 21:00 JST = 12:00 in London.
    expect(ally.subject).toMatch(/Welcome: you play Allies · Your move by Fri 27 Nov, 12:00 GMT: Allied placement/);
    expect(wolf.subject).toMatch(/ゲーム開始: ドイツ軍$/);
    expect(ally.text).toMatch(/== The set-up ==\n[\s\S]*Allied placement Step 2, first die: d6 = \d/);
    expect(wolf.text).toMatch(/== ゲームの準備 ==\n[\s\S]*1個目のサイコロ: d6 = \d/);
  });

  it('the template holds the default orders in the order syntax; sent back as it is, they are the orders', async () => {
    const g = await standardGame();
    const [welcome] = await outbox(g.id, 'ally@example.org');
    const lines = templateOf(welcome.text, 'Your reply');
    expect(lines.length).toBeGreaterThan(0);
    expect(welcome.html).toMatch(/href="mailto:orders\+[^"?]+@judge\.test\?subject=[^"]*&amp;body=/);
    const step = await currentStep(t.deps, g.id);
    const state = step.envelope.state as AwState;
    const choices = atlanticWolves.choices(state, 'allied');
    const read = readOrders(
      atlanticWolves,
      { data: (state as { data: unknown }).data, seat: 'allied', choices },
      lines.join('\n'),
    );
    expect(read.ok && read.orders).toEqual(atlanticWolves.defaultOrders(state, 'allied'));

    const seat = await t.db.seat.findFirstOrThrow({ where: { gameId: g.id, side: 'allied' } });
    const raw = [
      'From: ally@example.org',
      `To: orders+${seat.mailToken}@judge.test`,
      `Message-ID: <template-${g.id}@example.org>`,
      `Subject: Re: ${welcome.subject}`,
      '',
      ...lines,
      '',
    ].join('\r\n');
    expect((await intakeMail(t.deps, { source: 'http', raw: Buffer.from(raw) })).status).toBe('processed');
    const order = await t.db.order.findFirstOrThrow({ where: { gameId: g.id, seatId: seat.id } });
    expect(order.parsed).toEqual(atlanticWolves.defaultOrders(state, 'allied'));
  });

  it('a result mail tells the seat that owes nothing so in its subject, the one that owes its move and template', async () => {
    const g = await standardGame();
    const step = await currentStep(t.deps, g.id);
    const orders = atlanticWolves.defaultOrders(step.envelope.state as AwState, 'allied');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/orders`,
      headers: g.seat.allied,
      payload: { orders },
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = (await outbox(g.id)).filter((m) => m.kind === 'result');
    expect(results.length).toBeGreaterThan(0);
    const next = await currentStep(t.deps, g.id);
    const owing = new Set(next.owed.map((o) => o.seat));
    for (const mail of results) {
      const side = mail.toAddress === 'ally@example.org' ? 'allied' : 'german';
      if (owing.has(side)) {
        expect(mail.subject).toMatch(side === 'german' ? /あなたの番 \(.+ JSTまで\)/ : /Your move by .+ GMT/);
        expect(templateOf(mail.text, side === 'german' ? 'あなたの返信' : 'Your reply').length).toBeGreaterThan(0);
      } else {
        expect(mail.subject).toMatch(side === 'german' ? /今は命令不要$/ : /nothing to do now$/);
        expect(mail.text).not.toMatch(/== (Your reply|あなたの返信) ==/);
      }
    }
    // Preformatted parts wrap on a phone; the HTML has a viewport and a readable width.
    const html = results[0].html ?? '';
    expect(html).toContain('name="viewport"');
    const pres = html.match(/<pre[^>]*>/g) ?? [];
    expect(pres.length).toBeGreaterThan(0);
    for (const pre of pres) expect(pre).toContain('white-space:pre-wrap');
  });
});

describe('HELP, the moderator, missed deadlines', () => {
  /** Sends a mail as a seat (by its reply address) or as the moderator (SIGNON), and returns its answer. */
  async function answer(gameId: string, from: string, to: string, body: string): Promise<Outbox> {
    const id = `<m${Math.random().toString(36).slice(2)}@example.org>`;
    const raw = [`From: ${from}`, `To: ${to}`, `Message-ID: ${id}`, 'Subject: hello', '', body, ''].join('\r\n');
    await intakeMail(t.deps, { source: 'http', raw: Buffer.from(raw) });
    // The mail answering this one (the test clock stands still: every mail has the same createdAt).
    const answers = (await outbox(gameId, from)).filter((m) => m.inReplyTo === id);
    expect(answers).toHaveLength(1);
    return answers[0];
  }

  it('HELP lists the orders owed in the order syntax with the defaults filled in, and names each value', async () => {
    const g = await standardGame();
    const seat = await t.db.seat.findFirstOrThrow({ where: { gameId: g.id, side: 'allied' } });
    const help = await answer(g.id, 'ally@example.org', `orders+${seat.mailToken}@judge.test`, 'HELP');
    expect(help.text).toContain('== Your orders now, in this syntax ==');
    expect(help.text).toMatch(/== Your orders now, in this syntax ==\n\n[^\n]+\n\nSTEP2 /);
    expect(help.text).toContain('step2.WA Western Approaches: 0 | 1 | 2');
  });

  it("the moderator's reply carries the answers and the console link, none of a player's boilerplate", async () => {
    const g = await standardGame('moderator');
    const step = await currentStep(t.deps, g.id);
    const orders = atlanticWolves.defaultOrders(step.envelope.state as AwState, 'allied');
    await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/orders`,
      headers: g.seat.allied,
      payload: { orders },
    });
    const token = g.body.moderatorToken as string;
    const reply = await answer(g.id, 'mod@example.org', 'orders@judge.test', `SIGNON ${token}\nAPPROVE`);
    expect(reply.text).toMatch(/APPROVE: step \d+ published/);
    expect(reply.text).toContain(`/g/${g.id}/moderate`);
    expect(reply.text).not.toMatch(/Orders you owe|You owe no orders|Your page|Reply to this mail/);
    expect(reply.text).not.toContain('/in/');
  });

  it('a missed deadline names the seats by their names in each language', async () => {
    const g = await standardGame();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/deadline/apply-defaults`,
      headers: g.moderator,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const missed = (await outbox(g.id)).filter((m) => m.kind === 'missed');
    expect(missed.length).toBeGreaterThan(0);
    const ja = missed.find((m) => m.toAddress === 'wolf@example.org');
    const en = missed.find((m) => m.toAddress === 'ally@example.org');
    expect(ja?.subject).toContain('締切超過: 連合軍');
    expect(en?.subject).toContain('Missed deadline: Allies');
    for (const m of missed) expect(m.subject).not.toMatch(/allied/);
    // The notice speaks to the seat that missed the deadline ("you"); the others read its name, in each language
    // with no stray space before a particle.
    expect(en?.text).toMatch(/^You \(Allies\) sent no orders by the deadline of step \d+\./);
    expect(ja?.text).toMatch(/^連合軍はステップ \d+ の締切までに命令を送りませんでした。/);
    const moderator = (await outbox(g.id)).find((m) => m.kind === 'moderator' && m.subject.includes('Missed deadline'));
    expect(moderator?.text).toMatch(/^Allies sent no orders by the deadline of step \d+\./);
  });
});
