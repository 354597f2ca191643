/**
 * `pbem rules`: the rule-id index of a real game, through the real bin. The Grand Fleet rule checked here was
 * looked up by hand: rule 8[2][5] (markers not yet placed) is implemented in the game's placement code and tested
 * by a battle fixture that lists it; every place the index reports must cite exactly that id on that line. (The ids
 * are built from parts below, so that this file cites none of them itself.)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareRuleIds, ruleIdPattern } from '../../src/cli/rules-index.ts';

const root = resolve(import.meta.dirname, '../..');

/** The rule checked, and its parent rule. */
const ID = `GF ${'8[2][5]'}`;
const PARENT = `GF ${'8[2]'}`;

function pbem(...args: string[]) {
  const r = spawnSync(process.execPath, [join(root, 'bin/pbem.mjs'), ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface Json {
  game: string;
  prefix: string;
  rules: { id: string; implemented: string[]; tested: string[] }[];
}

/** The text of a `file:line` place. */
const lineAt = (where: string): string => {
  const [file, line] = where.split(':');
  return readFileSync(join(root, file), 'utf8').split('\n')[Number(line) - 1];
};

describe('pbem rules', () => {
  it('finds where rule 8[2][5] of Grand Fleet is implemented and tested, each place citing exactly it', () => {
    const r = pbem('rules', 'grand-fleet', ID, '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as Json;
    expect(report.game).toBe('grand-fleet');
    expect(report.prefix).toBe('GF');
    expect(report.rules.map((x) => x.id)).toEqual([ID]);
    const [{ implemented, tested }] = report.rules;
    // Verified by hand: the refusal of a placement left out (its rule table and the rule it cites), the placement
    // code's doc comment, and the battle fixture's list of rules.
    const placement = implemented.filter((p) => p.startsWith('src/games/grand-fleet/'));
    // Other places may come to cite the rule: these must be among them (and every place cites it, checked below).
    expect(placement.map(lineAt)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("D13: ['GF 8[2][5]'"),
        expect.stringContaining('Markers a side has not placed'),
      ]),
    );
    expect(tested.filter((p) => /^test\/games\/grand-fleet\/.*battle.*\.json:\d+$/.test(p)).map(lineAt)).toEqual([
      `   "${ID}",`,
    ]);
    for (const place of [...implemented, ...tested]) {
      expect([...lineAt(place).matchAll(ruleIdPattern('GF'))].map((m) => m[0])).toContain(ID);
    }
    expect(implemented).toEqual(sortedPlaces(implemented));
    expect(tested).toEqual(sortedPlaces(tested));
  });

  it('matches ids exactly: the parent rule 8[2] does not list the lines that cite only 8[2][5]', () => {
    const parent = JSON.parse(pbem('rules', 'grand-fleet', PARENT, '--json').out) as Json;
    const child = JSON.parse(pbem('rules', 'grand-fleet', ID, '--json').out) as Json;
    const parentPlaces = new Set([...parent.rules[0].implemented, ...parent.rules[0].tested]);
    for (const place of [...child.rules[0].implemented, ...child.rules[0].tested]) {
      const ids = [...lineAt(place).matchAll(ruleIdPattern('GF'))].map((m) => m[0]);
      expect(parentPlaces.has(place)).toBe(ids.includes(PARENT));
    }
  });

  it('prints readable text, an unquoted id given as words too, and lists every id of a game sorted', () => {
    const text = pbem('rules', 'grand-fleet', 'GF', '8[2][5]');
    expect(text.code).toBe(0);
    expect(text.out).toMatch(
      /^GF 8\[2\]\[5\]\n {2}implemented:\n(?: {4}src\/[^\n]+:\d+\n)+ {2}tested:\n(?: {4}test\/[^\n]+:\d+\n?)+$/,
    );
    const all = JSON.parse(pbem('rules', 'atlantic-wolves', '--json').out) as Json;
    const ids = all.rules.map((x) => x.id);
    expect(ids).toEqual([...ids].sort(compareRuleIds));
    expect(ids).toEqual(expect.arrayContaining([`AW ${'8.2[5]'}`, `AW-${'A06'}`, `AW-${'D9'}`]));
    expect(ids.every((id) => id.startsWith('AW'))).toBe(true);
  });

  it('refuses an unknown game (exit 2) and says when an id is cited nowhere (exit 1)', () => {
    const unknown = pbem('rules', 'chess');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/unknown game "chess"/);
    const nowhere = pbem('rules', 'grand-fleet', 'GF', '99[9]'); // as words: this file cites no such id
    expect(nowhere.code).toBe(1);
    expect(nowhere.err).toMatch(/"GF 99\[9\]" is cited nowhere/);
  });
});

/** Places sorted by file, then by line as a number. */
function sortedPlaces(places: string[]): string[] {
  return [...places].sort((a, b) => {
    const [fa, la] = a.split(':');
    const [fb, lb] = b.split(':');
    return fa === fb ? Number(la) - Number(lb) : fa < fb ? -1 : 1;
  });
}
