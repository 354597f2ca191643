/**
 * Every registered game's rule cases, as data (test/games/<id>/fixtures/*.json, docs/fixtures.md), run by the one
 * rules harness; and the harness itself: it fails on a wrong expectation and reports a die that does not fit.
 */
import { describe, expect, test } from 'vitest';
import { games, getGame } from '../../src/games/index.ts';
import { casesDir, factsOf, loadCases, type RuleCase, RuleCaseFailure, runCase } from '../support/rules-harness.ts';

const registered = Object.keys(games);
const withCases = registered.filter((id) => loadCases(casesDir(id)).length > 0);

for (const id of registered) {
  const cases = loadCases(casesDir(id));
  if (!cases.length) continue;
  const game = getGame(id)!;
  const facts = await factsOf(id);
  describe(`${id} rule cases`, () => {
    test('case ids are unique', () => {
      const ids = cases.map((c) => c.id);
      expect(ids.filter((x, i) => ids.indexOf(x) !== i)).toEqual([]);
    });
    test.each(cases.map((c) => [`${c.id}: ${c.title} [${c.rules.join(', ')}]`, c] as const))('%s', (_name, c) => {
      runCase(game, c, facts);
    });
  });
}

describe('the rules harness', () => {
  test('every game with a position builder has rule cases', () => {
    expect(registered.filter((id) => getGame(id)!.fixtures)).toEqual(withCases);
  });

  /** The first case (registry order) that forces a die by purpose: the tests below spoil a copy of it. */
  const byPurpose = (c: RuleCase) => c.steps.some((s) => s.dice?.some((d) => typeof d !== 'number'));
  const id = withCases.find((g) => loadCases(casesDir(g)).some(byPurpose))!;
  const game = getGame(id)!;
  const base = (): RuleCase => structuredClone(loadCases(casesDir(id)).find(byPurpose)!);

  test('it passes the case as written', () => {
    expect(() => runCase(game, base())).not.toThrow();
  });

  test('it fails on a wrong expectation', () => {
    const c = base();
    const step = c.steps.find((s) => s.expect)!;
    step.expect = { ...step.expect, owed: ['nobody:NOWHERE'] };
    expect(() => runCase(game, c)).toThrow(/owed/);
  });

  test('it reports a die of another purpose with the expected purpose, the die rolled and the events so far', () => {
    const c = base();
    const i = c.steps.findIndex((s) => s.dice?.some((d) => typeof d !== 'number'));
    const dice = c.steps[i].dice!;
    const k = dice.findLastIndex((d) => typeof d !== 'number');
    expect(k, 'a die after others, so that there are events so far').toBeGreaterThan(0);
    const rolled = (dice[k] as { purpose: string }).purpose;
    dice[k] = { value: 3, purpose: 'XX 99[9]' };
    let failure: unknown;
    try {
      runCase(game, c);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(RuleCaseFailure);
    const f = failure as RuleCaseFailure;
    expect(f.step).toBe(i + 1);
    expect(f.die?.expected).toEqual({ value: 3, purpose: 'XX 99[9]' });
    expect(f.die?.rolled?.purpose).toContain(rolled);
    expect(f.events.filter((e) => e.type === 'die')).toHaveLength(k);
    expect(f.message).toContain('expected purpose: XX 99[9]');
    expect(f.message).toContain('events so far');
  });

  test('it reports forced dice left over, and dice that run out, with the events', () => {
    const c = base();
    const i = c.steps.findIndex((s) => s.dice?.length);
    const more = structuredClone(c);
    more.steps[i].dice!.push(6);
    expect(() => runCase(game, more)).toThrow(/unused forced dice \[\{"value":6\}\][\s\S]*events of the step/);
    const fewer = structuredClone(c);
    fewer.steps[i].dice!.pop();
    expect(() => runCase(game, fewer)).toThrow(/exhausted[\s\S]*expected purpose: none left[\s\S]*events so far/);
  });
});
