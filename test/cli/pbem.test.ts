/** The `pbem` command as a user runs it: the real bin, real files, exit codes and JSON output. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitmentOf, ordersDigest } from '../../src/engine/dice.ts';
import { replayRecord, type GameRecord } from '../../src/engine/record.ts';
import { getGame } from '../../src/games/index.ts';

const root = resolve(import.meta.dirname, '../..');
const games = join(root, 'test/games/atlantic-wolves/games');
const tmp = mkdtempSync(join(tmpdir(), 'pbem-cli-'));

function pbem(...args: string[]) {
  const r = spawnSync(process.execPath, [join(root, 'bin/pbem.mjs'), ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function writeRecord(name: string, record: unknown): string {
  const file = join(tmp, name);
  writeFileSync(file, JSON.stringify(record));
  return file;
}

describe('pbem replay', () => {
  it.each(['mail-forced-dice.json', 'standard-seeded.json'])('%s replays to its recorded outcome', (file) => {
    const r = pbem('replay', join(games, file));
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    const record = JSON.parse(readFileSync(join(games, file), 'utf8'));
    expect(out.ok).toBe(true);
    expect(out.outcome.winner).toBe(record.expect.winner);
    expect(out.steps).toHaveLength(record.steps.length);
    expect(
      out.steps
        .flatMap((s: { events: { type: string }[] }) => s.events)
        .some((e: { type: string }) => e.type === 'die'),
    ).toBe(true);
  });

  it('a record whose dice were changed no longer meets its expectations (exit 1)', () => {
    const record = JSON.parse(readFileSync(join(games, 'mail-forced-dice.json'), 'utf8'));
    record.dice.values = record.dice.values.map((v: number) => 7 - v);
    const r = pbem('replay', writeRecord('flipped.json', record));
    expect(r.code).toBe(1);
    const out = JSON.parse(r.out);
    expect(out.ok).toBe(false);
  });

  it('--text prints a readable report', () => {
    const r = pbem('replay', join(games, 'mail-forced-dice.json'), '--text');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Atlantic Wolves/);
    expect(r.out).toMatch(/Outcome: .*german/);
    // Events in words, dice with what they were rolled for, rule ids at the end.
    expect(r.out).toMatch(/Response roll 1, tens die: d6 = \d \(AW 12\.0-3\)\./);
    expect(r.out).toMatch(/ attacks .* in the [A-Z][a-z]+.*: die \d .* \(AW 8\.[123]/);
    expect(r.out).not.toMatch(/undefined|\[object|\{"/);
  });

  it('--text --lang ja prints the report in Japanese', () => {
    const r = pbem('replay', join(games, 'standard-seeded.json'), '--text', '--lang', 'ja');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/大西洋の狼/);
    expect(r.out).toMatch(/== ステップ 1/);
    expect(r.out).toMatch(/VP確認（第1ターン）/);
    expect(r.out).toMatch(/を攻撃: 出目\d/);
    expect(r.out).toMatch(/結果: 勝者 /);
    expect(pbem('replay', join(games, 'standard-seeded.json'), '--text', '--lang', 'fr').err).toMatch(
      /--lang must be en or ja/,
    );
  });

  it('malformed input gets a clear error', () => {
    expect(pbem('replay', writeRecord('bad.json', { format: 'x' })).err).toMatch(/not a pbem-record\/1 game record/);
    writeFileSync(join(tmp, 'nojson.json'), '{');
    expect(pbem('replay', join(tmp, 'nojson.json')).err).toMatch(/is not JSON/);
    expect(pbem('replay').code).toBe(2); // a usage error: the FILE is missing
  });
});

describe('pbem verify', () => {
  const record = JSON.parse(readFileSync(join(games, 'standard-seeded.json'), 'utf8')) as GameRecord;
  const game = getGame('atlantic-wolves')!;
  const replay = replayRecord(game, record);
  const secret = (record.dice as { secret: string }).secret;
  const full = {
    ...record,
    commitment: commitmentOf(secret),
    viewer: 'seat:german',
    steps: record.steps.map((s, i) => ({
      ...s,
      events: game.visibleEvents(replay.steps[i].events, { kind: 'seat', seat: 'german' }),
    })),
  };

  it('re-derives every die of a finished game and finds them all', () => {
    const r = pbem('verify', writeRecord('full.json', full));
    const report = JSON.parse(r.out);
    expect(report).toMatchObject({ ok: true, commitmentOk: true, mismatches: [] });
    expect(report.diceChecked).toBeGreaterThan(50);
    expect(r.code).toBe(0);
  });

  it('reports a changed die', () => {
    const tampered = structuredClone(full);
    const step = tampered.steps.find((s) => s.events!.some((e) => e.type === 'die'))!;
    const die = step.events!.find((e) => e.type === 'die') as unknown as { value: number };
    die.value = die.value === 6 ? 1 : die.value + 1;
    const r = pbem('verify', writeRecord('tampered.json', tampered));
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).mismatches.join('\n')).toMatch(/re-derived/);
  });

  it('re-adjudicates each step under the rules version that resolved it, and names a version it lacks', () => {
    const versioned = { ...full, steps: full.steps.map((s) => ({ ...s, rulesVersion: '1' })) };
    const ok = pbem('verify', writeRecord('versioned.json', versioned));
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toMatchObject({
      ok: true,
      rulesVersions: [{ version: '1', steps: versioned.steps.map((_, i) => i), reproduced: true }],
      needsRulesVersions: [],
    });
    const older = { ...versioned, steps: versioned.steps.map((s, i) => (i < 2 ? { ...s, rulesVersion: '0.9' } : s)) };
    const r = pbem('verify', writeRecord('older-rules.json', older));
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out);
    expect(report).toMatchObject({ ok: false, needsRulesVersions: ['0.9'] });
    expect(report.mismatches).toContain(
      'steps 0, 1: needs atlantic-wolves rules version 0.9; this code reproduces "1" only',
    );
    expect(r.err).toContain('this record needs atlantic-wolves rules version 0.9; this code reproduces 1');
  });

  // Every step's digest as the service writes it (SHA-256 of the canonical JSON of all seats' orders), as in records
  // written before digests were withheld from seats during play: such records still verify.
  const stepInfo = record.steps.map((s, i) => ({
    number: i,
    status: 'published',
    ordersDigest: ordersDigest(s.orders),
  }));

  it("checks every step's orders digest against the recorded orders", () => {
    const r = pbem('verify', writeRecord('digests.json', { ...full, stepInfo }));
    const report = JSON.parse(r.out);
    expect(report).toMatchObject({ ok: true, mismatches: [], digestsChecked: record.steps.length });
    expect(r.code).toBe(0);
  });

  it('skips a withheld digest and reports one that differs from the recorded orders', () => {
    const withheld = stepInfo.map((info, i) => (i === 1 ? { ...info, ordersDigest: null } : info));
    const skipped = JSON.parse(pbem('verify', writeRecord('withheld.json', { ...full, stepInfo: withheld })).out);
    expect(skipped).toMatchObject({ ok: true, digestsChecked: record.steps.length - 1 });
    const wrong = stepInfo.map((info, i) => (i === 2 ? { ...info, ordersDigest: ordersDigest({ other: 1 }) } : info));
    const r = pbem('verify', writeRecord('wrong-digest.json', { ...full, stepInfo: wrong }));
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).mismatches).toEqual([
      'step 2: the recorded orders digest differs from the digest of the recorded orders',
    ]);
  });

  it('reports a secret that does not match the commitment', () => {
    const r = pbem('verify', writeRecord('wrong-commitment.json', { ...full, commitment: commitmentOf('other') }));
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).commitmentOk).toBe(false);
  });
});

describe('pbem simulate and odds', () => {
  it('plays complete games and reports the required fields', () => {
    const r = pbem('simulate', '--games', '200', '--seed', '7');
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect(s.games).toBe(200);
    expect(s.germanWins + s.alliedWins).toBe(200);
    expect(s.invariantViolations).toBe(0);
    expect(s.gamesPerSecond).toBeGreaterThan(0);
    expect(pbem('simulate', '--games', '200', '--seed', '7').out).toContain(`"germanWins":${s.germanWins},`);
  });

  it('plays standard games too', () => {
    const s = JSON.parse(pbem('simulate', '--games', '50', '--seed', '3', '--mode', 'standard').out);
    expect(s.germanWins + s.alliedWins).toBe(50);
    expect(s.unfinished).toBe(0);
  });

  it('previews the odds of the step owed at a recorded position, and of whole play-outs', () => {
    const record = JSON.parse(readFileSync(join(games, 'mail-forced-dice.json'), 'utf8'));
    record.steps = record.steps.slice(0, 4); // the Allies owe their escort allocation (AW-D9)
    delete record.expect;
    const file = writeRecord('partial.json', record);
    const step = JSON.parse(pbem('odds', file, '--samples', '2000').out);
    expect(step).toMatchObject({ kind: 'step', samples: 2000, owed: [{ seat: 'allied', point: 'AW-D9' }] });
    expect(Object.keys(step.probabilities).length).toBeGreaterThan(0);
    const orders = writeRecord('orders.json', { allied: { escorts: { 'NO-SUCH-UNIT': ['U01'] } } });
    const refused = pbem('odds', file, '--orders', orders);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/orders of allied refused/);
    const playout = JSON.parse(pbem('odds', file, '--playout', '--samples', '300').out);
    const total = Object.values(playout.wins as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(total + playout.unfinished).toBe(300);
  });
});
