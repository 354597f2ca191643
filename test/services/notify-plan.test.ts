/** Which seat gets which mail under a notification policy, and which steps its mail covers. */
import { describe, expect, test } from 'vitest';
import { planMails, type NoticeStep } from '../../src/services/notify-plan.ts';

const all = (number: number, owedNext: string[]): NoticeStep => ({ number, policy: { results: 'all' }, owedNext });
const owing = (number: number, owedNext: string[], digest = false): NoticeStep => ({
  number,
  policy: { results: 'owing', ...(digest ? { digest } : {}) },
  owedNext,
});

describe('mail plan', () => {
  test('today: every seat gets the result of each step', () => {
    expect(planMails([all(4, ['b'])], ['a', 'b'])).toEqual({
      a: { kind: 'result', from: 4 },
      b: { kind: 'result', from: 4 },
    });
  });

  test('GF 8[2]: alternating placement mails only the seat to move, with every step since its last mail', () => {
    // Step 5 was everyone's; then a placed (6), b placed (7), a placed (8): after 8, b owes.
    const history = [owing(6, ['b']), owing(7, ['a']), owing(8, ['b'])];
    expect(planMails(history, ['a', 'b'])).toEqual({ a: null, b: { kind: 'result', from: 7 } });
    expect(planMails(history.slice(0, 2), ['a', 'b'])).toEqual({ a: { kind: 'result', from: 6 }, b: null });
  });

  test('the end of a phase sends a digest of the whole phase to a seat that never owed in it', () => {
    const history = [owing(6, ['b']), owing(7, ['b']), owing(8, ['a'], true)];
    expect(planMails(history, ['a', 'b', 'c'])).toEqual({
      a: { kind: 'result', from: 6 },
      b: { kind: 'digest', from: 8 },
      c: { kind: 'digest', from: 6 },
    });
  });
});
