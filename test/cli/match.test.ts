/**
 * `pbem match` through the real bin: its argument errors, the same summary on one thread and on two for a seed and
 * an iteration budget (the bot reproducible, the seats alternated), and the computer player beating random play at
 * Atlantic Wolves with a small budget.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function pbem(...args: string[]) {
  const r = spawnSync(process.execPath, [join(root, 'bin/pbem.mjs'), ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The last line's summary without what differs from run to run (time) or with the worker count. */
function played(out: string) {
  const { seconds: _s, msPerDecision: _m, workers: _w, ...rest } = JSON.parse(out.trim().split('\n').at(-1)!);
  return rest;
}

describe('pbem match', () => {
  it.each([
    [['--players', 'bot'], /--players takes two of bot, random, default separated by a comma, not "bot"/],
    [['--players', 'bot,genius'], /not "bot,genius"/],
    [['--iterations', '10', '--think-ms', '5'], /give --iterations or --think-ms, not both/],
    [['--iterations', '0'], /--iterations must be a whole number ≥ 1/],
    [['--game', 'toy', '--mode', 'blitz'], /unknown mode "blitz" for toy/],
  ])('refuses %j with exit code 2', (args, message) => {
    const r = pbem('match', ...args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });

  it('gives the same summary on one thread and on two, each player holding each side equally often', () => {
    const args = ['match', '--game', 'atlantic-wolves', '--players', 'bot,default', '--games', '4', '--seed', 'm'];
    const one = pbem(...args, '--iterations', '40', '--json');
    const two = pbem(...args, '--iterations', '40', '--json', '--workers', '2');
    expect(one.code).toBe(0);
    expect(one.err).toBe(''); // --json: nothing but the summary
    expect(played(two.out)).toEqual(played(one.out));
    const summary = JSON.parse(one.out);
    expect(summary).toMatchObject({ game: 'atlantic-wolves', mode: 'mail', games: 4, players: ['bot', 'default'] });
    const { bot, default: fallback, draw } = summary.wins;
    expect(bot + fallback + draw).toBe(4);
    // Game g seats player g mod 2 first: each side held twice by each player, so the sides' tallies add up.
    expect(summary.bySide.allied.bot + summary.bySide.german.bot).toBe(bot);
    expect(summary.decisions).toBeGreaterThan(0);
    expect(summary.msPerDecision).toBeGreaterThan(0);
  }, 120_000);

  it('the computer player beats random play at Atlantic Wolves, on both sides', () => {
    const r = pbem(
      ...['match', '--game', 'atlantic-wolves', '--players', 'bot,random', '--games', '12', '--seed', 'strength'],
      ...['--iterations', '400', '--workers', '2'],
    );
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/atlantic-wolves mail: bot \d+, random \d+, draws \d+ \(12 games/);
    const { wins, bySide } = JSON.parse(r.out);
    // Random against random, the German wins about 72% of mail-play games (pbem match --players random,random).
    expect(wins.bot).toBeGreaterThanOrEqual(9);
    expect(bySide.allied.bot).toBeGreaterThan(bySide.allied.random);
    expect(bySide.german.bot).toBeGreaterThan(bySide.german.random);
  }, 120_000);
});
