/**
 * The `pbem` commands for every registered game, through the real bin: help and argument errors (node:util
 * parseArgs, strict), `simulate` of the toy game and of Atlantic Wolves on one thread and on several (the same
 * summary), its progress bar, and `odds` / `replay` of a toy game record.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.ts';

/** The registered games, as the command line lists them. */
const GAME_IDS = Object.keys(games).join(', ');

const root = resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'pbem-commands-'));

function pbem(...args: string[]) {
  const r = spawnSync(process.execPath, [join(root, 'bin/pbem.mjs'), ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A summary without what differs from run to run (time) or with the worker count. */
const played = (out: string) => {
  const { seconds: _s, gamesPerSecond: _g, workers: _w, ...rest } = JSON.parse(out);
  return rest;
};

describe('pbem help and argument errors', () => {
  it('--help prints the commands, COMMAND --help its options (exit 0, on stdout)', () => {
    const all = pbem('--help');
    expect(all.code).toBe(0);
    for (const command of ['replay', 'verify', 'simulate', 'odds']) expect(all.out).toContain(`pbem ${command}`);
    const simulate = pbem('simulate', '--help');
    expect(simulate.code).toBe(0);
    expect(simulate.out).toMatch(/--workers N\s+worker threads/);
    expect(simulate.out).toMatch(new RegExp(`--game ID\\s+the game: ${GAME_IDS}`));
    expect(pbem('odds', '-h').out).toMatch(/--playout/);
  });

  it('npm run pbem runs the same command line', () => {
    const r = spawnSync('npm', ['run', '-s', 'pbem', '--', '--help'], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: pbem COMMAND/);
  });

  it.each([
    [['simulate', '--bogus'], /pbem simulate: unknown option '--bogus'\n\(pbem simulate --help lists the options\)/],
    [['simulate', '--games'], /--games <value>' argument missing/],
    [['simulate', '--games', 'many'], /--games must be a whole number ≥ 1, not "many"/],
    [['simulate', '--workers', '0'], /--workers must be a whole number ≥ 1/],
    [['simulate', '--validate=yes'], /--validate' does not take an argument/],
    [['simulate', 'extra'], /unexpected argument "extra"/],
    [['simulate', '--game', 'chess'], new RegExp(`unknown game "chess" \\(one of ${GAME_IDS}\\)`)],
    [['simulate', '--game', 'toy', '--mode', 'blitz'], /unknown mode "blitz" for toy \(one of mail, standard\)/],
    [['odds', 'x.json', '--samples=-1'], /--samples must be a whole number ≥ 1/],
    [['odds', 'x.json', '--samples', '-1'], /option '--samples' argument is ambiguous[\s\S]*'--samples=-XYZ'/],
    [['replay', 'x.json', '--txt'], /unknown option '--txt'/],
    [['frobnicate'], /pbem: unknown command "frobnicate"\nusage: pbem COMMAND/],
  ])('%j is an error with a clear message (exit 2, nothing on stdout)', (args, message) => {
    const r = pbem(...args);
    expect(r.err).toMatch(message);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
  });
});

describe('pbem simulate for every game', () => {
  it('plays the toy game: wins per seat and draws add up, the random player plays', () => {
    const r = pbem('simulate', '--game', 'toy', '--games', '300', '--seed', '4', '--validate');
    expect(r.code, r.err).toBe(0);
    const s = JSON.parse(r.out);
    expect(s).toMatchObject({
      game: 'toy',
      mode: 'mail',
      games: 300,
      player: 'random',
      invariantViolations: 0,
      orderErrors: 0,
      unfinished: 0,
    });
    expect(s.aWins + s.bWins + s.draws).toBe(300);
    expect(s.aWins).toBeGreaterThan(s.bWins); // TOY 2: a picks every step, b every other step
  });

  it.each([
    ['toy', '12000', '3'],
    ['atlantic-wolves', '5300', '2'],
  ])(
    '%s: the same seed gives the same summary on one thread and on %s games over %s workers',
    (game, games, workers) => {
      const one = pbem('simulate', '--game', game, '--games', games, '--seed', 'w', '--workers', '1');
      const many = pbem('simulate', '--game', game, '--games', games, '--seed', 'w', '--workers', workers);
      expect(one.code, one.err).toBe(0);
      expect(many.code, many.err).toBe(0);
      expect(JSON.parse(one.out).workers).toBe(1);
      expect(JSON.parse(many.out).workers).toBe(Number(workers));
      expect(played(many.out)).toEqual(played(one.out));
      expect(played(one.out).steps).toBeGreaterThan(Number(games));
    },
    120_000,
  );

  it('another seed plays other games', () => {
    const games = (seed: string) =>
      played(pbem('simulate', '--game', 'toy', '--games', '6000', '--seed', seed, '--workers', '2').out);
    expect(games('v')).not.toEqual(games('w'));
  }, 120_000);

  it('shows a progress bar on stderr when forced, and nothing on a pipe otherwise', () => {
    const forced = pbem('simulate', '--game', 'toy', '--games', '6000', '--progress', '--workers', '2');
    expect(forced.code).toBe(0);
    expect(forced.err).toMatch(/\[#{24}\] 100% {2}6000\/6000 games {2}\d+\/s {2}ETA 0:00\n$/);
    expect(JSON.parse(forced.out).games).toBe(6000);
    expect(pbem('simulate', '--game', 'toy', '--games', '6000').err).toBe('');
  }, 120_000);
});

describe('pbem odds and replay of a toy game record', () => {
  const record = {
    format: 'pbem-record/1',
    game: 'toy',
    mode: 'mail',
    options: { rounds: 3 },
    dice: { kind: 'seed', secret: 'toy-secret' },
    steps: [{ orders: { a: { pick: 3 }, b: { pick: 4, standing: { note: 'hi' } } } }],
  };
  const file = join(tmp, 'toy.json');
  writeFileSync(file, JSON.stringify(record));

  it('previews the odds of the step owed: only a picks at step 1, and scores one time in six (TOY 2, 3)', () => {
    const r = pbem('odds', file, '--samples', '6000');
    expect(r.code, r.err).toBe(0);
    const odds = JSON.parse(r.out);
    expect(odds).toMatchObject({
      kind: 'step',
      samples: 6000,
      owed: [{ seat: 'a', point: 'TOY-D1' }],
      orders: { a: { pick: 1 } },
    });
    expect(Object.keys(odds.probabilities)).toEqual(['scores:a']);
    expect(Math.abs(odds.probabilities['scores:a'] - 1 / 6)).toBeLessThan(0.02);
  });

  it('plays the position out: every sample ends in a win or a draw', () => {
    const odds = JSON.parse(pbem('odds', file, '--playout', '--samples', '500').out);
    const { a = 0, b = 0, draw = 0 } = odds.wins;
    expect(a + b + draw).toBe(500);
    expect(odds.unfinished).toBe(0);
  });

  it("replays the record as a readable report in the toy game's words", () => {
    const r = pbem('replay', file, '--text', '--lang', 'ja');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/トイ・ダイスゲーム/);
    expect(r.out).toMatch(/A は 3 を選び、秘密のダイスは \d/);
  });
});
