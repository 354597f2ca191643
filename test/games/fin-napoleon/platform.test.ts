/**
 * Fin-Napoleon on the service (real Postgres, through the API): a two-player game under moderator review, every
 * step approved, some steps resolved with default orders applied by the moderator (a missed deadline), played to
 * its end; the finished game's record re-adjudicates to the same events (`pbem verify`).
 */
import { expect, test } from 'vitest';
import { finNapoleon as fn } from '../../../src/games/fin-napoleon/index.ts';
import { randomSource } from '../../conformance/support/random-game.ts';
import { useTestApp } from '../../support/per-file.ts';
import { playReviewedGame } from '../../support/review-play.ts';

const t = useTestApp();

test('a two-player game under moderator review, with default orders at missed deadlines, to its end', async () => {
  const seats = [
    { side: 'france', email: 'napoleon@example.org', locale: 'ja', timeZone: 'Asia/Tokyo' },
    { side: 'allies', email: 'coalition@example.org' },
  ];
  const setup = { mode: 'two-player', options: { turnLimit: 4 }, seats };
  const played = await playReviewedGame(t, fn, setup, randomSource('fn-platform'));
  expect(played.defaults).toBeGreaterThan(2);
  expect(played.approvals).toBeGreaterThan(5);
}, 120_000);
