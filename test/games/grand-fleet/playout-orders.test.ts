/**
 * The computer player's play-out heuristic and estimate for Grand Fleet: legal at every decision point over many
 * positions (validate accepts all it returns), and purposeful where the right move is plain: the offensive side
 * takes an enemy flagged hex no fleet holds (control VP, GF 8[5]), the intercepting side contests its own flagged
 * hex the enemy holds alone, every fleet marker gets a fleet, and the estimate counts the control VP in hand and
 * weighs contested hexes by firepower. The computer player's candidates carry no standing orders.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { decide } from '../../../src/engine/bot/index.ts';
import { sfc32FromHex, sfc32Next, uniformDie } from '../../../src/engine/dice.ts';
import type { ResolveContext } from '../../../src/engine/types.ts';
import { grandFleet as game } from '../../../src/games/grand-fleet/index.ts';
import {
  playoutOrders,
  playoutOrganisation,
  playoutPlacement,
} from '../../../src/games/grand-fleet/orders/playout-orders.ts';
import { botCandidate } from '../../../src/games/grand-fleet/orders/bot-candidate.ts';
import { botEstimate, pendingBattleLead } from '../../../src/games/grand-fleet/rules/estimate.ts';
import { stateFromFixture } from '../../../src/games/grand-fleet/rules/fixture.ts';
import type { GfOrders } from '../../../src/games/grand-fleet/orders/schema.ts';
import type { GfState, Marker, Side } from '../../../src/games/grand-fleet/state.ts';

const GB = (...ns: number[]) => ns.map((n) => `GB${String(n).padStart(2, '0')}`);
const DE = (...ns: number[]) => ns.map((n) => `DE${String(n).padStart(2, '0')}`);
const pad = (f: string[][], n: number) => [...f, ...Array.from({ length: n - f.length }, () => [])];
const down = (id: string, side: Side, hex: string, index: number): Marker => ({
  ...{ id, side, hex, up: false, fleet: 0, down: index, moved: false, out: false },
});

const streamOf = (seed: string) => {
  const rng = sfc32FromHex(createHash('sha256').update(seed).digest('hex'));
  return { rand: () => sfc32Next(rng) / 0x100000000, roll: (sides: number) => uniformDie(rng, sides) };
};

/** A German offensive in placement: fleets of three ships, markers as given, `side` to place next. */
const placing = (side: Side, markers: Marker[]): GfState =>
  stateFromFixture({
    offensive: 'german',
    battle: {
      offensive: 'german',
      fleets: {
        british: pad([GB(1, 2, 3), GB(5, 6, 7), GB(9, 10, 11)], 8),
        german: pad([DE(1, 2, 3), DE(4, 5, 6), DE(7, 8, 9)], 6),
      },
      hidden: { british: [1, 2, 3], german: [1, 2, 3] },
      markers,
      nextSide: side,
    },
    phase: { kind: 'place', side },
  });

/** British proximity hexes (GF 2-2[3b]) in the shipped data. */
const BRITISH_PROXIMITY = ['201', '301', '401', '501', '601', '702'];

describe('Grand Fleet play-out heuristic', () => {
  test('every order it gives is legal, over whole games under several option sets', () => {
    const optionSets = [{}, { combatHexes: 'parallel' }, { commitDice: 'beforeRolling', historical: true }];
    let checked = 0;
    const points = new Set<string>();
    for (let g = 0; g < 24; g++) {
      const { rand, roll } = streamOf(`playout-legal|${g}`);
      const ctx: ResolveContext = { roll, emit: () => {}, silent: true };
      const options = game.optionsSchema.parse(optionSets[g % optionSets.length]);
      let s = game.setup({ mode: 'standard', options, data: game.dataSchema.parse(game.defaultData) });
      for (let step = 0; step < 3000 && !game.outcome(s); step++) {
        const orders: Record<string, GfOrders> = {};
        for (const { seat, point } of game.owed(s)) {
          const mine = playoutOrders(s, seat, rand);
          expect(game.validate(s, seat, mine), `${point} ${JSON.stringify(mine)}`).toEqual([]);
          checked++;
          points.add(point);
          // The other seat plays random orders now and then, so the heuristic meets positions it would not make.
          orders[seat] = seat === 'german' && g % 2 === 1 ? game.randomOrders!(s, seat, rand) : mine;
        }
        s = game.resolve(s, orders, ctx);
      }
      expect(game.outcome(s)).not.toBeNull();
    }
    expect(checked).toBeGreaterThan(2000);
    for (const p of ['GF-D8', 'GF-D11', 'GF-D13', 'GF-D15', 'GF-D17', 'GF-D18', 'GF-AD1']) expect(points).toContain(p);
  });

  test('the offensive side takes the enemy flagged hex worth most that no fleet holds', () => {
    // 702 (1 VP) is taken already; 301 (1 VP) is the best free British proximity hex.
    const s = placing('german', [down('G1', 'german', '702', 0), down('B1', 'british', '101', 0)]);
    expect(playoutPlacement(s, 'german', () => 0)).toEqual({ marker: 'down', hex: '301' });
    const free = BRITISH_PROXIMITY.filter((h) => h !== '702');
    for (let k = 0; k < 50; k++) {
      const { rand } = streamOf(`offensive|${k}`);
      expect(free).toContain(playoutPlacement(s, 'german', rand).hex);
    }
  });

  test('the intercepting side contests its own flagged hex the enemy holds alone', () => {
    const s = placing('british', [
      down('G1', 'german', '301', 0),
      down('B1', 'british', '101', 0),
      down('G2', 'german', '501', 1),
    ]);
    expect(playoutPlacement(s, 'british', () => 0)).toEqual({ marker: 'down', hex: '301' });
  });

  test('a side behind mostly rolls two initiative dice, a side level or ahead mostly one (Britain wins a tie)', () => {
    const twoDiceShare = (vp: number, side: Side) => {
      const s = stateFromFixture({ turn: 4, vp, phase: { kind: 'initiative' } });
      const { rand } = streamOf(`initiative|${vp}|${side}`);
      let two = 0;
      for (let k = 0; k < 400; k++) if (playoutOrders(s, side, rand).dice === 2) two++;
      return two / 400;
    };
    // Behind: 0.7 of the heuristic's draws and half the random tenth, about 0.68; level or ahead about 0.28.
    for (const [vp, side] of [
      [-1, 'british'],
      [0, 'german'],
      [3, 'german'],
    ] as const)
      expect(twoDiceShare(vp, side), `${side} at VP ${vp}`).toBeGreaterThan(0.58);
    for (const [vp, side] of [
      [0, 'british'],
      [4, 'british'],
      [-1, 'german'],
    ] as const)
      expect(twoDiceShare(vp, side), `${side} at VP ${vp}`).toBeLessThan(0.38);
  });

  test('organisation puts a fleet under every marker the ships allow, fast ships together', () => {
    const s = stateFromFixture({
      offensive: 'british',
      battle: { offensive: 'british' },
      phase: { kind: 'organise', side: 'british' },
    });
    const plan = playoutOrganisation(s, 'british', () => 0.5);
    expect(game.validate(s, 'british', { organise: plan })).toEqual([]);
    expect(new Set(Object.values(plan).filter((n) => n > 0)).size).toBe(s.data.markers.british);
    // The nine fast ships GB25-GB33 (BC, (BC)) are dealt first: they make fleets 1 and 2, both fast (GF 8[1a]).
    expect(new Set(GB(25, 26, 27, 28, 29, 30, 31, 32, 33).map((id) => plan[id]))).toEqual(new Set([1, 2]));
    expect(Object.values(plan).filter((n) => n === 1 || n === 2)).toHaveLength(9);
  });
});

describe('Grand Fleet estimate', () => {
  test('a lead counts for more the fewer turns are left, and a level game leans to Britain (GF 11[1])', () => {
    const at = (turn: number, vp: number) =>
      botEstimate(stateFromFixture({ turn, vp, phase: { kind: 'initiative' } }), 'british');
    expect(at(9, 2)).toBeGreaterThan(at(5, 2));
    expect(at(5, 2)).toBeGreaterThan(at(1, 2));
    expect(at(9, -2)).toBeLessThan(at(1, -2));
    // Turn 1: a scale of 3.6 VP; the last turn: 1.2 (two VP and the half VP of a tie: 0.89).
    expect(at(1, 0)).toBeCloseTo(1 / (1 + Math.exp(-0.5 / 3.6)));
    expect(at(9, 2)).toBeCloseTo(1 / (1 + Math.exp(-2.5 / 1.2)));
    expect(botEstimate(stateFromFixture({ turn: 9, vp: 2, phase: { kind: 'initiative' } }), 'german')).toBeCloseTo(
      1 - at(9, 2),
    );
  });

  test('counts the control VP the offensive side holds alone, not empty markers', () => {
    const s = placing('british', [
      down('G1', 'german', '301', 0), // alone in a 1 VP British proximity hex
      down('G3', 'german', '201', 2), // 0.5 VP
      down('G4', 'german', '401', 5), // no fleet under it: holds nothing
    ]);
    expect(pendingBattleLead(s)).toBeCloseTo(-0.8 * 1.5); // the German share of the control VP in hand
    const even = placing('british', []);
    expect(botEstimate(s, 'german')).toBeGreaterThan(botEstimate(even, 'german'));
    // Britain wins a level game (GF 11[1]): at even VP the estimate leans British.
    expect(botEstimate(even, 'british')).toBeGreaterThan(0.5);
  });

  test('weighs a contested hex by firepower: the stronger side expects the control VP and the sinkings', () => {
    const one = placing('british', [down('G1', 'german', '702', 0), down('B1', 'british', '702', 0)]);
    const three = placing('british', [
      down('G1', 'german', '702', 0),
      down('G2', 'german', '702', 1),
      down('G3', 'german', '702', 2),
      down('B1', 'british', '702', 0),
    ]);
    // Three German fleets against one British: most of Harwich's 1 VP, and more British ships sunk than German.
    expect(pendingBattleLead(three)).toBeLessThan(-0.6);
    expect(pendingBattleLead(three)).toBeLessThan(pendingBattleLead(one));
    expect(botEstimate(three, 'german')).toBeGreaterThan(botEstimate(one, 'german'));
  });
});

describe('Grand Fleet bot candidates', () => {
  test('drop standing orders and keep the answer owed now, which stays legal', () => {
    const s = stateFromFixture({ phase: { kind: 'initiative' } });
    const drawn: GfOrders = { dice: 2, standing: { ifOffensive: true, ifIntercepting: false } };
    expect(botCandidate(s, 'british', drawn)).toEqual({ dice: 2 });
    expect(game.validate(s, 'british', botCandidate(s, 'british', drawn))).toEqual([]);
    // The computer player asks again at D10 rather than refuse a battle in advance (GF 7(b)[6a]).
    const { orders } = decide(game, s, 'british', { seed: 'no-standing', iterations: 200 });
    expect(orders).not.toHaveProperty('standing');
  });

  test('a German two VP or more ahead declines unrestricted submarine warfare; level or behind, it may take it', () => {
    const choice = (vp: number) => stateFromFixture({ turn: 5, vp, phase: { kind: 'usw-choice', side: 'german' } });
    const occur: GfOrders = { usw: 'occur' };
    expect(botCandidate(choice(-2), 'german', occur)).toEqual({ usw: 'decline' });
    expect(botCandidate(choice(-5), 'german', { usw: 'decline' })).toEqual({ usw: 'decline' });
    expect(botCandidate(choice(-1), 'german', occur)).toEqual(occur);
    expect(botCandidate(choice(3), 'german', occur)).toEqual(occur);
    // Ahead, the search has one candidate left: it declines (GF 7(a)[2]).
    const ahead = choice(-3);
    expect(game.validate(ahead, 'german', { usw: 'decline' })).toEqual([]);
    expect(decide(game, ahead, 'german', { seed: 'usw', iterations: 100 }).orders).toEqual({ usw: 'decline' });
  });
});
