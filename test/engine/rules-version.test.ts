/**
 * Rules versions in the engine: which rules a package reproduces (`rulesFor`), and `verifyRecord` re-adjudicating
 * each step under its own version, on a toy game played with the committed dice.
 */
import { describe, expect, it } from 'vitest';
import { commitmentOf } from '../../src/engine/dice.ts';
import { recordSchema, verifyRecord } from '../../src/engine/record.ts';
import { reproducibleVersions, rulesFor } from '../../src/engine/rules-version.ts';
import { advance, startGame } from '../../src/engine/step-runner.ts';
import type { AnyGame } from '../../src/engine/types.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import { toyV2, toyV2Keeping1 } from '../support/toy-v2.ts';

const secret = 'ab'.repeat(32);
const picks = [
  { a: { pick: 1 }, b: { pick: 2 } },
  { a: { pick: 3 } },
  { a: { pick: 4 }, b: { pick: 5 } },
  { a: { pick: 6 } },
];

/** A finished four-round toy game played under `rules`, as a moderator's record with each step's version. */
function recordUnder(rules: AnyGame) {
  const started = startGame(rules, { mode: 'mail', options: { rounds: 4 }, secret });
  if (!started.ok) throw new Error(started.errors.join());
  let envelope = started.envelope;
  const steps = picks.map((orders, number) => {
    const r = advance(rules, envelope, orders);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    envelope = r.envelope;
    return { number, rulesVersion: rules.rulesVersion, orders, events: r.events };
  });
  return recordSchema.parse({
    format: 'pbem-record/1',
    game: 'toy',
    mode: 'mail',
    options: { rounds: 4 },
    commitment: commitmentOf(secret),
    dice: { kind: 'seed', secret },
    viewer: 'moderator',
    steps,
  });
}

describe('rulesFor', () => {
  it('gives the current rules, an older version kept in the code, "same", and null for a version it lacks', () => {
    expect(rulesFor(toyV2, '2')).toBe(toyV2);
    expect(rulesFor(toyV2, undefined)).toBe(toyV2); // a record from before versions: the current version
    expect(rulesFor(toyV2, '1')).toBeNull();
    expect(rulesFor(toyV2Keeping1, '1')).toBe(toyGame);
    expect(rulesFor({ ...toyV2, olderRules: { '1': 'same' } }, '1')?.rulesVersion).toBe('2');
    expect(reproducibleVersions(toyV2Keeping1)).toEqual(['2', '1']);
  });
});

describe('verifyRecord, step by step under each version', () => {
  it('a record of version 1 verifies with code that keeps version 1, and names it to code that does not', () => {
    const record = recordUnder(toyGame);
    expect(verifyRecord(toyGame, record)).toMatchObject({ ok: true, stepsChecked: 4 });
    expect(verifyRecord(toyV2Keeping1, record)).toMatchObject({ ok: true, stepsChecked: 4, needsRulesVersions: [] });
    const lacking = verifyRecord(toyV2, record);
    expect(lacking).toMatchObject({ ok: false, stepsChecked: 0, needsRulesVersions: ['1'] });
    expect(lacking.rulesVersions).toEqual([{ version: '1', steps: [0, 1, 2, 3], reproduced: false }]);
  });

  it('a false claim of "same" is caught: the steps are re-adjudicated, not trusted', () => {
    const record = recordUnder(toyGame);
    const claims = { ...toyV2, olderRules: { '1': 'same' as const } };
    const report = verifyRecord(claims, record);
    expect(report.ok).toBe(false);
    expect(report.mismatches.join('\n')).toMatch(/re-derived/);
  });
});
