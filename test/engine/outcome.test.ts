/** Outcomes with one winner, a coalition, a draw and teams, read the same way for every game. */
import { describe, expect, test } from 'vitest';
import { outcomeHeadline, outcomeOf, outcomeResult, winningTeam } from '../../src/engine/outcome.ts';

const reason = { en: 'r', ja: 'r' };
const ALLIES = { id: 'allies', name: { en: 'The Allies', ja: '連合軍' }, seats: ['prussia', 'austria'] };

describe('outcomes', () => {
  test('a game that gives one winner (Atlantic Wolves) reads as a one-seat coalition', () => {
    expect(outcomeResult({ winner: 'german', reason, rule: 'AW 9.0[8]' })).toEqual({
      winners: ['german'],
      draw: false,
      teams: [],
      winner: 'german',
    });
  });

  test('FN 12.0[M][8]: tied Allied players win jointly; `winner` stays null for readers of one winner', () => {
    const o = outcomeOf({ winners: ['prussia', 'austria'], teams: [ALLIES], reason, rule: 'FN 12.0[M][8]' });
    expect(o.winner).toBeNull();
    expect(outcomeResult(o)).toMatchObject({ winners: ['prussia', 'austria'], draw: false });
    expect(winningTeam(outcomeResult(o))?.id).toBe('allies');
  });

  test('GF 11[6], OC 3.0[1]: a draw has no winners', () => {
    const o = outcomeOf({ winners: [], draw: true, reason, rule: 'GF 11[6]' });
    expect(o).toMatchObject({ winner: null, winners: [], draw: true });
    expect(() => outcomeOf({ winners: ['a'], draw: true, reason, rule: 'x' })).toThrow(/no winners/);
  });

  test.each([
    [
      'one winner, by id (as Atlantic Wolves mails read)',
      { winner: 'german', reason, rule: 'x' },
      'en',
      'Winner: german',
    ],
    ['one winner in Japanese', { winner: 'german', reason, rule: 'x' }, 'ja', '勝者: german'],
    ['nobody', { winner: null, reason, rule: 'x' }, 'en', 'No winner'],
    ['a draw', { winner: null, winners: [], draw: true, reason, rule: 'x' }, 'ja', '引き分け'],
    [
      'a coalition that is a team',
      { winner: null, winners: ['austria', 'prussia'], teams: [ALLIES], reason, rule: 'x' },
      'en',
      'Winners: The Allies (austria, prussia)',
    ],
    [
      'a coalition without a team',
      { winner: null, winners: ['prussia', 'russia'], teams: [ALLIES], reason, rule: 'x' },
      'en',
      'Winners: prussia, russia',
    ],
  ])('%s', (_name, outcome, locale, expected) => {
    expect(outcomeHeadline(outcome, locale as 'en' | 'ja')).toBe(expected);
  });

  test('seat names can stand for ids', () => {
    expect(outcomeHeadline({ winner: 'german', reason, rule: 'x' }, 'en', (s) => s.toUpperCase())).toBe(
      'Winner: GERMAN',
    );
  });
});
