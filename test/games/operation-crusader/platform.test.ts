/**
 * Operation Crusader on the service (real Postgres, through the API), on the full map and counter mix: a game of two
 * turns under moderator review, every step approved, some activations missed and played by the default order (the
 * moderator applies defaults at a missed deadline, OC-AD1), played to its end; the finished game's record
 * re-adjudicates to the same events (`pbem verify`).
 */
import { expect, test } from 'vitest';
import { operationCrusader as oc } from '../../../src/games/operation-crusader/index.ts';
import { randomSource } from '../../conformance/support/random-game.ts';
import { useTestApp } from '../../support/per-file.ts';
import { playReviewedGame } from '../../support/review-play.ts';

const t = useTestApp();

test('a game under moderator review, with default orders at missed deadlines, to its end', async () => {
  const seats = [
    { side: 'british', email: 'eighth-army@example.org' },
    { side: 'axis', email: 'panzergruppe@example.org', locale: 'ja', timeZone: 'Asia/Tokyo' },
  ];
  const setup = { mode: 'standard', options: { lastTurn: 2 }, seats };
  const played = await playReviewedGame(t, oc, setup, randomSource('oc-platform'));
  expect(played.defaults).toBeGreaterThan(2);
  expect(played.approvals).toBeGreaterThan(5);
}, 180_000);
