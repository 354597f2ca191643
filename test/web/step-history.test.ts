/**
 * The history of the player's page and of the console, on a real database: each step titled with its turn and
 * phase (the game's board summary), a link to the step's own page and picture, the board after the step drawn for
 * the reader alone (hidden information stays hidden: the German seat gets exactly the German board of that
 * position, not the moderator's), steps not yet published refused to seats, and the deadline as a `<time>` with a
 * countdown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderBoardSvg } from '../../src/board-view/map-svg.ts';
import { atlanticWolves } from '../../src/games/atlantic-wolves/index.ts';
import { createGameVia } from '../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { client } from './helpers.ts';
import { currentStepOf, playDefaults } from './play-steps.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const awGame = (extra: Record<string, unknown> = {}) => ({
  game: 'atlantic-wolves',
  mode: 'mail',
  name: 'History',
  deadlines: { default: { length: '3d' } },
  seats: [
    { side: 'allied', email: 'a@example.org' },
    { side: 'german', email: 'g@example.org', locale: 'ja', timeZone: 'Asia/Tokyo' },
  ],
  ...extra,
});

/** A signed-in player's client. */
async function playerOf(gameId: string, token: string) {
  const p = client(t.app, { 'accept-language': 'en' });
  expect((await p.get(`/play/${gameId}?token=${encodeURIComponent(token)}`)).statusCode).toBe(303);
  return p;
}

/** The stored step `n`: the state it decided and the state after it. */
async function storedStep(gameId: string, number: number) {
  const s = await t.db.step.findUniqueOrThrow({ where: { gameId_number: { gameId, number } } });
  const state = (x: unknown) => (x as { state: never }).state;
  return { before: state(s.envelope), after: state(s.resultEnvelope) };
}

describe('the history with its boards', () => {
  it('titles each step with its turn and phase and links its board, drawn for the reader alone', async () => {
    // The standard rules: the escorts and UBs drawn from the cups (AW 6.0-Step2, Step3) stay hidden from the other
    // seat, so each seat's board of those positions differs from the moderator's.
    const g = await createGameVia(t, awGame({ mode: 'standard' }));
    await playDefaults(t, g.id, g.tokens, (s) => s.step.number >= 3);
    const allied = await playerOf(g.id, g.tokens.allied);
    const page = await allied.get(`/play/${g.id}`);
    expect(page.statusCode).toBe(200);

    const { before } = await storedStep(g.id, 1);
    const summary = atlanticWolves.board(before, { kind: 'seat', seat: 'allied' }).summary;
    const title = `Step 1 · Turn ${summary.turn} (${summary.turnLabel?.en}) · ${summary.phase.en}`;
    expect(page.body).toContain(`<span class="step-title">${title}</span>`);
    expect(page.body).toContain(`href="/play/${g.id}/steps/1"`);
    expect(page.body).toContain(`src="/play/${g.id}/steps/1/map.svg" loading="lazy"`);
    expect(page.body).toContain(`srcset="/play/${g.id}/steps/1/map.svg?layout=column"`);

    // The step's page: the title, the board after it, its events.
    const stepPage = await allied.get(`/play/${g.id}/steps/1`);
    expect(stepPage.statusCode).toBe(200);
    expect(stepPage.body).toContain(`<h1>${title}</h1>`);
    expect(stepPage.body).toContain('The board after step 1');

    // Each seat gets its own board of the position after the step, exactly: never the moderator's.
    for (const [n, side] of [
      [1, 'allied'],
      [1, 'german'],
      [2, 'german'],
    ] as const) {
      const { after } = await storedStep(g.id, n);
      const player = side === 'allied' ? allied : await playerOf(g.id, g.tokens.german);
      const svg = await player.get(`/play/${g.id}/steps/${n}/map.svg`);
      expect(svg.statusCode).toBe(200);
      expect(svg.headers['content-type']).toContain('image/svg+xml');
      const own = atlanticWolves.board(after, { kind: 'seat', seat: side });
      const locale = side === 'german' ? 'ja' : 'en';
      expect(svg.body).toBe(renderBoardSvg(own, locale));
      expect(svg.body).not.toBe(renderBoardSvg(atlanticWolves.board(after, { kind: 'moderator' }), locale));
      const column = await player.get(`/play/${g.id}/steps/${n}/map.svg?layout=column`);
      expect(column.body).toBe(renderBoardSvg(own, locale, { layout: 'column' }));
    }

    // The open step and a step that does not exist: not found; without a session: the sign-in page.
    const open = (await currentStepOf(t, g.id)).step.number;
    expect((await allied.get(`/play/${g.id}/steps/${open}`)).statusCode).toBe(404);
    expect((await allied.get(`/play/${g.id}/steps/99`)).statusCode).toBe(404);
    expect((await allied.get(`/play/${g.id}/steps/x`)).statusCode).toBe(404);
    expect((await client(t.app).get(`/play/${g.id}/steps/1`)).statusCode).toBe(401);
    expect((await client(t.app).get(`/play/${g.id}/steps/1/map.svg`)).statusCode).toBe(401);
  });

  it('shows the deadline as a <time> in the seat zone with a countdown, in Japanese too', async () => {
    const g = await createGameVia(t, awGame());
    const step = await currentStepOf(t, g.id);
    const iso = step.step.deadlineAt?.toISOString();
    expect(iso).toBeTruthy();
    const german = await playerOf(g.id, g.tokens.german);
    const page = (await german.get(`/play/${g.id}`)).body;
    expect(page).toMatch(new RegExp(`締切: <time datetime="${iso}">[^<]*\\(Asia/Tokyo\\)</time>`));
    expect(page).toContain(`<span class="countdown" data-deadline="${iso}" data-template="残り時間: {left}"`);
    // Without script the text says when; app.js fills the countdown from data-deadline.
    const script = await german.get('/static/app.js');
    expect(script.body).toContain("querySelectorAll('.countdown[data-deadline]')");
    expect(page).toContain('<link rel="stylesheet" href="/static/history-console.css">');
    expect((await german.get('/static/history-console.css')).body).toContain('.countdown');
  });

  it('keeps a step under review from the seats, and shows it to the moderator with its board', async () => {
    const g = await createGameVia(t, awGame({ review: 'moderator' }));
    await playDefaults(t, g.id, g.tokens, () => false, 1);
    const now = await currentStepOf(t, g.id);
    expect(now.step.status).toBe('awaiting_review');
    const allied = await playerOf(g.id, g.tokens.allied);
    expect((await allied.get(`/play/${g.id}/steps/${now.step.number}`)).statusCode).toBe(404);
    expect((await allied.get(`/play/${g.id}/steps/${now.step.number}/map.svg`)).statusCode).toBe(404);

    const moderator = client(t.app, { 'accept-language': 'en' });
    await moderator.get(`/console/login?token=${encodeURIComponent(g.body.moderatorToken as string)}`);
    const page = await moderator.get(`/console/games/${g.id}/steps/${now.step.number}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This step is not published yet.');
    const svg = await moderator.get(`/console/games/${g.id}/steps/${now.step.number}/map.svg`);
    const { after } = await storedStep(g.id, now.step.number);
    expect(svg.body).toBe(renderBoardSvg(atlanticWolves.board(after, { kind: 'moderator' }), 'en'));
    // The console's history links each step to its page.
    const game = await moderator.get(`/console/games/${g.id}`);
    expect(game.body).toContain(`href="/console/games/${g.id}/steps/${now.step.number}"`);
    // The review is titled like the history: the step with its turn and phase.
    expect(game.body).toMatch(/<h2>Step awaiting review: Step \d+ · Turn 1 \([^)]+\) · [^<]+<\/h2>/);
    // Another game's moderator session does not open this game's steps.
    const other = await createGameVia(t, awGame());
    const stranger = client(t.app);
    await stranger.get(`/console/login?token=${encodeURIComponent(other.body.moderatorToken as string)}`);
    expect((await stranger.get(`/console/games/${g.id}/steps/${now.step.number}`)).statusCode).toBe(401);
  });

  it("gives a person holding both seats a link to each seat's orders and each seat's past board", async () => {
    const g = await createGameVia(t, {
      ...awGame({ mode: 'standard' }),
      seats: [
        { side: 'allied', email: 'duo@example.org' },
        { side: 'german', email: 'duo@example.org' },
      ],
    });
    await playDefaults(t, g.id, g.tokens, (s) => s.step.number >= 2);
    const owing = (await currentStepOf(t, g.id)).owed.map((o) => o.seat);
    expect(owing.length).toBeGreaterThan(0);
    const person = await playerOf(g.id, (g.body.persons as { token: string }[])[0].token);
    const page = (await person.get(`/play/${g.id}`)).body;
    for (const side of owing) {
      expect(page).toContain(`<a class="button primary" href="#seat-${side}-orders">`);
      expect(page).toContain(`id="seat-${side}-orders"`);
    }
    expect(page).toContain(`href="/play/${g.id}/steps/1"`);
    // The board after step 1 as each of its seats saw it, and no seat it does not hold.
    const { after } = await storedStep(g.id, 1);
    for (const side of ['allied', 'german']) {
      const svg = await person.get(`/play/${g.id}/steps/1/map.svg?seat=${side}`);
      expect(svg.body).toBe(renderBoardSvg(atlanticWolves.board(after, { kind: 'seat', seat: side }), 'en'));
    }
    expect((await person.get(`/play/${g.id}/steps/1/map.svg`)).body).toBe(
      renderBoardSvg(atlanticWolves.board(after, { kind: 'seat', seat: 'allied' }), 'en'),
    );
    expect((await person.get(`/play/${g.id}/steps/1?seat=moderator`)).statusCode).toBe(403);
    const stepPage = (await person.get(`/play/${g.id}/steps/1?seat=german`)).body;
    expect(stepPage).toContain(
      `<a class="button primary" href="/play/${g.id}/steps/1?seat=german" aria-current="page">`,
    );
    expect(stepPage).toContain(`<a class="button" href="/play/${g.id}/steps/1?seat=allied">As Allies saw it</a>`);
  });
});
