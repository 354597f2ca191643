/**
 * Conformance, for every registered game: no page and no mail shows an internal id. The ids come from the game's
 * data (its name table, and the spaces and pieces of its board): every id that is not also what the thing is called
 * (its counter label, code or name) must never appear, as a word, in the text a player reads. The game is created as
 * the operator creates it (seats alternating English and Japanese), played a few steps by the random players through
 * the service, and then every mail in the outbox and every seat's page is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGamePackage } from '../../src/engine/game-package.ts';
import type { Locale } from '../../src/i18n/index.ts';
import { boardOf } from '../../src/engine/step-runner.ts';
import { createGame } from '../../src/services/games.ts';
import { submitOrders } from '../../src/services/orders.ts';
import { currentStep } from '../../src/services/steps.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { client } from '../web/helpers.ts';
import { randomSource, registered } from './support/random-game.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { MAIL_REPLY_LIMIT_PER_HOUR: 10_000, SIGN_IN_LIMIT_PER_MINUTE: 1000 } });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The ids of a game's things that are not also their names: what a player must never read. */
function internalIds(game: AnyGamePackage, data: unknown, board: ReturnType<typeof boardOf>): Set<string> {
  const shown = new Set<string>();
  const ids = new Set<string>();
  for (const e of game.names?.(data) ?? []) {
    ids.add(e.id);
    for (const x of [e.label.en, e.label.ja, e.name.en, e.name.ja]) shown.add(x);
  }
  for (const s of board.spaces) {
    ids.add(s.id);
    for (const x of [s.code, s.name.en, s.name.ja]) if (x) shown.add(x);
  }
  for (const p of board.pieces) {
    if (p.faceDown) continue;
    ids.add(p.id);
    for (const x of [p.label?.en, p.label?.ja, p.number, p.name?.en, p.name?.ja]) if (x) shown.add(x);
  }
  // Numbers are codes the map prints; one letter is no name.
  return new Set([...ids].filter((id) => !shown.has(id) && id.length >= 2 && !/^\d+$/.test(id)));
}

/** The text a reader sees of an HTML page or part: tags, scripts, styles and attribute values removed. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The ids found as words in a text (not inside a longer word or code), each with some context. */
function idsIn(text: string, ids: Set<string>): string[] {
  const out: string[] = [];
  for (const id of ids) {
    const esc = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const m = new RegExp(`(?<![\\w-])${esc}(?![\\w-])`).exec(text);
    if (m) out.push(`${id}: …${text.slice(Math.max(0, m.index - 40), m.index + id.length + 40).replace(/\s+/g, ' ')}…`);
  }
  return out;
}

/** Plays `steps` steps of a new short game by the random players; returns the game and its seats' tokens. */
async function playFewSteps(game: AnyGamePackage, steps: number) {
  const short = game.shortGame ?? { mode: game.modes[0] };
  const seats = game.sides(short.mode, short.options).map((side, k) => ({
    side: side.seat,
    email: `${game.id}-${side.seat}@example.org`,
    locale: (k % 2 ? 'ja' : 'en') as Locale,
  }));
  const input = { game: game.id, mode: short.mode, name: `${game.id} names`, options: short.options ?? {} };
  const created = await createGame(t.deps, { ...input, ...(short.data ? { data: short.data } : {}), seats });
  const rows = await t.db.seat.findMany({ where: { gameId: created.id } });
  const rand = randomSource(`names-${game.id}`);
  for (let n = 0; n < steps; n++) {
    const step = await currentStep(t.deps, created.id);
    if (step.gameStatus === 'finished' || step.status !== 'open') break;
    for (const o of step.owed) {
      const state = step.envelope.state;
      const orders = game.randomOrders ? game.randomOrders(state, o.seat, rand) : game.defaultOrders(state, o.seat);
      const seatId = rows.find((r) => r.side === o.seat)!.id;
      await submitOrders(t.deps, { gameId: created.id, seatId, orders, raw: JSON.stringify(orders), source: 'api' });
    }
  }
  return created;
}

describe.each(registered)('%s', (_id, game) => {
  it('shows no internal id on any page or in any mail after a few steps of random play', async () => {
    const created = await playFewSteps(game, 10);
    const step = await currentStep(t.deps, created.id);
    const data = (await t.db.game.findUniqueOrThrow({ where: { id: created.id } })).data ?? game.defaultData;
    const ids = internalIds(game, data, boardOf(game, step.envelope, { kind: 'moderator' }));
    // The seats' ids too (`ally-2`, `british`): a seat goes by its name.
    const seats = game.sides(step.envelope.mode, game.shortGame?.options);
    for (const s of seats) if (s.name.en !== s.seat && s.seat.length >= 2) ids.add(s.seat);
    const found: string[] = [];
    const mails = await t.db.outbox.findMany({ where: { gameId: created.id } });
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) {
      for (const hit of idsIn(`${m.subject}\n${m.text}`, ids)) found.push(`mail ${m.kind} (text) ${hit}`);
      for (const hit of idsIn(visibleText(m.html ?? ''), ids)) found.push(`mail ${m.kind} (html) ${hit}`);
    }
    for (const seat of created.seats) {
      const c = client(t.app);
      expect((await c.get(`/play/${created.id}?token=${encodeURIComponent(seat.token)}`)).statusCode).toBe(303);
      const page = await c.get(`/play/${created.id}`);
      expect(page.statusCode).toBe(200);
      for (const hit of idsIn(visibleText(page.body), ids)) found.push(`page of ${seat.side} ${hit}`);
    }
    expect([...new Set(found)]).toEqual([]);
  }, 120_000);
});
