/**
 * Secrets kept by the server: the face-down marker order (GF 8[2][1]) from both players until the reveal, the other
 * seat's standing orders (spec 5.2), the sealed dice choice (GF 7(b)[2]) and fire allocation (GF-A19 R1).
 */
import { describe, expect, test } from 'vitest';
import { canonicalJson } from '../../../src/engine/canonical-json.ts';
import { stateFromFixture } from '../../../src/games/grand-fleet/rules/fixture.ts';
import { grandFleet as game } from '../../../src/games/grand-fleet/index.ts';
import type { GfState, Side } from '../../../src/games/grand-fleet/state.ts';

const GB = (...ns: number[]) => ns.map((n) => `GB${String(n).padStart(2, '0')}`);
const DE = (...ns: number[]) => ns.map((n) => `DE${String(n).padStart(2, '0')}`);

/** Three British face-down markers placed in 404, their secret order given. */
function placed(order: number[]): GfState {
  const down = (k: number) => ({
    id: `B${k + 1}`,
    side: 'british' as Side,
    hex: '404',
    up: false,
    fleet: 0,
    down: k,
    moved: false,
    out: false,
  });
  return stateFromFixture({
    offensive: 'british',
    battle: {
      offensive: 'british',
      fleets: {
        british: [GB(1, 2, 3), GB(5, 6, 7), GB(9, 10, 11), [], [], [], [], []],
        german: [DE(10, 11, 12), [], [], [], [], []],
      },
      hidden: { british: order, german: [1] },
      markers: [down(0), down(1), down(2)],
    },
    phase: { kind: 'place', side: 'german' },
  });
}

describe('hidden information', () => {
  test('GF 8[2][1]: the face-down order changes nothing any player sees, the owner included', () => {
    const a = placed([1, 2, 3]);
    const b = placed([3, 1, 2]);
    for (const viewer of [
      { kind: 'seat', seat: 'british' },
      { kind: 'seat', seat: 'german' },
      { kind: 'public' },
    ] as const) {
      expect(canonicalJson(game.view(a, viewer))).toBe(canonicalJson(game.view(b, viewer)));
      expect(canonicalJson(game.board(a, viewer))).toBe(canonicalJson(game.board(b, viewer)));
    }
    for (const seat of ['british', 'german'])
      expect(canonicalJson(game.choices(a, seat))).toBe(canonicalJson(game.choices(b, seat)));
    expect(canonicalJson(game.view(a, { kind: 'moderator' }))).not.toBe(
      canonicalJson(game.view(b, { kind: 'moderator' })),
    );
  });

  test('spec 5.2: a standing order is seen by its seat only', () => {
    const s = stateFromFixture({ standing: { german: { usw: 'occur', ifIntercepting: false } } });
    expect(JSON.stringify(game.view(s, { kind: 'seat', seat: 'german' }))).toContain('"usw":"occur"');
    for (const viewer of [{ kind: 'seat', seat: 'british' }, { kind: 'public' }] as const)
      expect(JSON.stringify(game.view(s, viewer))).not.toContain('occur');
  });

  test('GF 7(b)[2], GF-A19 R1: the dice choice and sealed fire are sealed points', () => {
    const init = stateFromFixture({ phase: { kind: 'initiative' } });
    expect(game.owed(init).map((o) => o.sealed)).toEqual([true, true]);
    const fire = stateFromFixture({ phase: { kind: 'combat-fire', sides: ['british', 'german'] } });
    expect(game.owed(fire).every((o) => o.sealed)).toBe(true);
    const sequential = stateFromFixture({
      options: { fireAllocation: 'sequential' },
      phase: { kind: 'combat-fire', sides: ['british'] },
    });
    expect(game.owed(sequential)[0].sealed).toBeUndefined();
  });

  test('GF 8[2][1]: the shuffle dice are seen by nobody but the moderator', () => {
    const events = [{ type: 'die', sides: 5, value: 2, purpose: 'GF 8[2][1] shuffle', visibleTo: [] }];
    expect(game.visibleEvents(events, { kind: 'seat', seat: 'british' })).toEqual([]);
    expect(game.visibleEvents(events, { kind: 'public' })).toEqual([]);
    expect(game.visibleEvents(events, { kind: 'moderator' })).toHaveLength(1);
  });

  test('the hidden twin changes only what the viewer may not see', () => {
    const s = placed([1, 2, 3]);
    let rolls = 0;
    const rand = () => [0.1, 0.9, 0.5, 0.3][rolls++ % 4];
    const twin = game.hiddenTwin!(s, { kind: 'seat', seat: 'british' }, rand)!;
    expect(twin.state.standing.british).toEqual(s.standing.british);
    expect(canonicalJson(game.view(twin.state, { kind: 'seat', seat: 'british' }))).toBe(
      canonicalJson(game.view(s, { kind: 'seat', seat: 'british' })),
    );
    expect(game.hiddenTwin!(s, { kind: 'moderator' }, rand)).toBeNull();
  });
});

describe('notification (GF 8[2], 8[3])', () => {
  test('placement and interception mail only the seat to move, with a digest for the other; other steps mail all', () => {
    const place = stateFromFixture({ phase: { kind: 'place', side: 'german' } });
    const intercept = stateFromFixture({ phase: { kind: 'intercept', side: 'british' } });
    const init = stateFromFixture({ phase: { kind: 'initiative' } });
    expect(game.notify!(init, place)).toEqual({ results: 'owing', digest: true });
    expect(game.notify!(place, intercept)).toEqual({ results: 'owing', digest: true });
    expect(game.notify!(place, init)).toEqual({ results: 'all' });
  });
});
