/**
 * Operation Crusader on the service (real Postgres, through the API), on the full map and counter mix: a game of two
 * turns under moderator review, every step approved, some activations missed and played by the default order (the
 * moderator applies defaults at a missed deadline, OC-AD1), played to its end; the finished game's record
 * re-adjudicates to the same events (`pbem verify`).
 */
import { expect, test } from 'vitest';
import { operationCrusader as oc } from '../../../src/games/operation-crusader/index.ts';
import { randomSource } from '../../conformance/support/random-game.ts';
import { createGameVia } from '../../support/api-helpers.ts';
import { useTestApp } from '../../support/per-file.ts';
import { playUnderReview } from '../../support/review-play.ts';

const t = useTestApp();

test('a game under moderator review, with default orders at missed deadlines, to its end', async () => {
  const g = await createGameVia(t, {
    game: 'operation-crusader',
    mode: 'standard',
    options: { lastTurn: 2 },
    seats: [
      { side: 'british', email: 'eighth-army@example.org' },
      { side: 'axis', email: 'panzergruppe@example.org', locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
    review: 'moderator',
    moderatorEmail: 'mod@example.org',
    deadlines: { default: { length: '1d' } },
  });
  const played = await playUnderReview(t, g, oc, randomSource('oc-platform'));
  expect(played.defaults).toBeGreaterThan(2);
  expect(played.approvals).toBeGreaterThan(5);
}, 180_000);
