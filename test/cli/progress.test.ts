/** The progress bar of long runs: when it shows, what it says, and that it leaves stdout's result alone. */
import { describe, expect, it } from 'vitest';
import { createProgress, type ProgressOptions, progressLine } from '../../src/cli/progress.ts';

/** A stream that records what is written, a clock the test moves, and a bar of `total` games drawn on them. */
function fake(isTTY: boolean) {
  const written: string[] = [];
  let now = 0;
  const stream = { isTTY, columns: 100, write: (text: string) => written.push(text) };
  return {
    written,
    at: (ms: number) => (now = ms),
    bar: (total: number, extra: Partial<ProgressOptions> = {}) =>
      createProgress({ stream, total, unit: 'games', now: () => now, ...extra }),
  };
}

describe('progress bar', () => {
  it('reads as a bar, a share, counts, a rate and the time left', () => {
    expect(progressLine(2500, 10_000, 'games', 5000)).toBe(
      '[######------------------]  25%  2500/10000 games  500/s  ETA 0:15',
    );
    expect(progressLine(0, 10, 'games', 0)).toBe('[------------------------]   0%  0/10 games  0/s  ETA ?');
  });

  it('on a terminal: nothing for the first seconds, then redrawn in place, cleared at the end', () => {
    const f = fake(true);
    const bar = f.bar(1000, { delayMs: 3000 });
    f.at(1000);
    bar.update(100);
    expect(f.written).toEqual([]);
    f.at(3500);
    bar.update(400);
    f.at(3550);
    bar.update(410); // within the update interval: not redrawn
    f.at(4000);
    bar.update(500);
    expect(f.written).toHaveLength(2);
    expect(f.written[1]).toBe(`\r[${'#'.repeat(12)}${'-'.repeat(12)}]  50%  500/1000 games  125/s  ETA 0:04\x1b[K`);
    bar.finish();
    expect(f.written.at(-1)).toBe('\r\x1b[K');
  });

  it('a short run on a terminal prints nothing at all', () => {
    const f = fake(true);
    const bar = f.bar(10);
    f.at(500);
    bar.update(10);
    bar.finish();
    expect(f.written).toEqual([]);
  });

  it('not a terminal: nothing unless forced; forced: one line per update, the last one at 100%', () => {
    const quiet = fake(false);
    const off = quiet.bar(10);
    quiet.at(10_000);
    off.update(5);
    off.finish();
    expect(quiet.written).toEqual([]);
    const f = fake(false);
    const bar = f.bar(10, { force: true });
    f.at(100);
    bar.update(5);
    f.at(200);
    bar.update(7); // within the interval
    bar.finish();
    expect(f.written).toEqual([
      expect.stringMatching(/^\[#{12}-{12}\] {2}50% {2}5\/10 games {2}50\/s {2}ETA 0:00\n$/),
      expect.stringMatching(/^\[#{24}\] 100% {2}10\/10 games/),
    ]);
  });
});
