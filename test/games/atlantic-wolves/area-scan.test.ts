/**
 * The shared area scan and the copy-on-write state copies: answers follow the state asked about (whatever was asked
 * before, writes made through setLoc), and a resolved step never reaches the lists or damage record of its input.
 */
import { describe, expect, test } from 'vitest';
import { areaScan, NOWHERE, OFF, setLoc } from '../../../src/games/atlantic-wolves/rules/area-scan.ts';
import { indexOf } from '../../../src/games/atlantic-wolves/data/data-index.ts';
import { atlanticWolves as game } from '../../../src/games/atlantic-wolves/index.ts';
import { sideCounts } from '../../../src/games/atlantic-wolves/rules/arithmetic.ts';
import { cloneState, ownDamage, ownList, ownTurnList, type AwState } from '../../../src/games/atlantic-wolves/state.ts';

const start = (): AwState =>
  game.setup({ mode: 'mail', options: game.optionsSchema.parse({}), data: game.defaultData });

/** Counts the slow way: one lookup per unit. */
function slowCounts(s: AwState, side: 'allied' | 'german'): number[] {
  const ix = indexOf(s.data);
  const out = ix.areaIds.map(() => 0);
  s.data.units.forEach((u, i) => {
    const a = ix.areaPos.get(s.loc[i]);
    if (u.side === side && a !== undefined) out[a]++;
  });
  return out;
}

describe('area scan', () => {
  test('follows whichever state is asked about, written through setLoc or filled before its first scan', () => {
    const a = start();
    const ix = indexOf(a.data);
    areaScan(a);
    const b = cloneState(a); // takes over the scan of `a`
    const allied = ix.alliedPos.slice(0, 4);
    for (const [k, i] of allied.entries()) setLoc(b, i, ix.areaIds[k % ix.areaIds.length]);
    expect(sideCounts(b, 'allied')).toEqual(slowCounts(b, 'allied'));
    expect(sideCounts(a, 'allied')).toEqual(slowCounts(a, 'allied'));
    setLoc(b, allied[0], 'used'); // a write after a scan of `a`
    expect(sideCounts(b, 'allied')).toEqual(slowCounts(b, 'allied'));
    setLoc(b, allied[1], 'used'); // a write after a scan of `b` itself
    expect(sideCounts(b, 'allied')).toEqual(slowCounts(b, 'allied'));
    expect(sideCounts(a, 'allied')).toEqual(slowCounts(a, 'allied'));
    // A copy filled in place before its first scan (as a state read from storage).
    const c = { ...b, loc: b.loc.slice() };
    c.loc[ix.germanPos[0]] = 'nowhere-known';
    delete (c.loc as (string | undefined)[])[ix.germanPos[1]];
    const sc = areaScan(c);
    expect([sc.code[ix.germanPos[0]], sc.code[ix.germanPos[1]], sc.code[ix.germanPos[2]]]).toEqual([
      NOWHERE,
      NOWHERE,
      OFF,
    ]);
    // An unknown area, a unit with no location, a wrong key count.
    expect(game.invariants(c).filter((m) => m.startsWith('inv1'))).toHaveLength(3);
  });
});

describe('copy-on-write copies', () => {
  test('writes through own* never reach the input state', () => {
    const a = start();
    const before = JSON.stringify(a);
    const b = cloneState(a);
    ownList(b, 'seen').push('GB-DD1');
    ownList(b, 'history').push({ turn: 1, vp: 0, table: 3 });
    ownTurnList(b, 'attacked').push('U01');
    ownTurnList(b, 'attacked').push('U02');
    ownDamage(b).U01 = 2;
    expect(JSON.stringify(a)).toBe(before);
    expect(b.seen).toEqual(['GB-DD1']);
    expect(b.t.attacked).toEqual(['U01', 'U02']);
    expect(b.t.damage).toEqual({ U01: 2 });
    // A copy of the copy shares again until written.
    const c = cloneState(b);
    ownTurnList(c, 'attacked').push('U03');
    expect(b.t.attacked).toEqual(['U01', 'U02']);
    expect(() => ((a.t.damage as Record<string, number>).U09 = 1)).toThrow(); // the shared empty record is frozen
  });
});
