/**
 * FN 9.1 movement: the random player's quick legality check (`pathIsLegal`) agrees with the rules' errors
 * (`checkPath`) on every path of up to two areas, from every area, for every nation, along random games.
 */
import { expect, test } from 'vitest';
import { ALLIES, NATIONS } from '../../../src/games/fin-napoleon/data/schema.ts';
import { finNapoleon as fn } from '../../../src/games/fin-napoleon/index.ts';
import {
  adjacentAreas,
  checkPath,
  graphPathIsLegal,
  moveAllowance,
  pathIsLegal,
} from '../../../src/games/fin-napoleon/rules/movement.ts';
import { areaIds, type FnState } from '../../../src/games/fin-napoleon/state.ts';
import { playRandomGame } from '../../conformance/support/random-game.ts';

test('pathIsLegal agrees with checkPath (FN 9.11, 9.12, 9.13)', () => {
  const states = [1].flatMap((n) => playRandomGame(fn, { mode: 'two-player', seed: `moves-${n}` }).states as FnState[]);
  let checked = 0;
  let legal = 0;
  for (const s of states.filter((_, i) => i % 30 === 0)) {
    const ids = areaIds(s);
    for (const n of NATIONS) {
      for (const from of ids) {
        const paths = [...ids.map((a) => [a]), ...ids.flatMap((a) => ids.map((b) => [a, b]))];
        for (const path of paths) {
          const ok = checkPath(s, n, from, path, 'p').length === 0;
          expect(pathIsLegal(s, n, from, path), `${n} ${from} ${path.join('-')}`).toBe(ok);
          checked++;
          if (ok) legal++;
        }
      }
    }
  }
  expect(checked).toBeGreaterThan(5000);
  expect(legal).toBeGreaterThan(100);
  expect(ALLIES).toHaveLength(5);
});

test('graphPathIsLegal agrees with checkPath on every path that follows the area graph (FN 9.1[2])', () => {
  const states = playRandomGame(fn, { mode: 'two-player', seed: 'moves-graph' }).states as FnState[];
  let checked = 0;
  for (const s of states.filter((_, i) => i % 5 === 0)) {
    const ids = areaIds(s);
    for (const n of NATIONS) {
      if (n === 'spain') continue; // FN 9.11[3]: no path of Spain's is checked this way
      for (const from of ids) {
        const onGraph = adjacentAreas(s, from).flatMap((a) => [
          [a],
          ...adjacentAreas(s, a)
            .filter((b) => b !== from)
            .map((b) => [a, b]),
        ]);
        for (const path of onGraph.filter((p) => p.length <= moveAllowance(n))) {
          const ok = checkPath(s, n, from, path, 'p').length === 0;
          expect(graphPathIsLegal(s, n, from, path), `${n} ${from} ${path.join('-')}`).toBe(ok);
          checked++;
        }
      }
    }
  }
  expect(checked).toBeGreaterThan(1000);
});
