/**
 * `pbem match` over several cores: the games of a match are shared out to worker threads, each taking the next game
 * number when it finishes one, or played in this thread for one worker. Every game draws its chance from its own
 * number, so the summary is the same for any number of workers; only the time differs.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { registeredGame } from './games.ts';
import { type MatchGame, type MatchOptions, type MatchSummary, playMatchGame, tally } from './match.ts';

/** Plays a match on `workers` threads; `onGame` is called with the number of games done after each one. */
export async function matchOnPool(
  opts: MatchOptions,
  workers: number,
  onGame?: (done: number) => void,
): Promise<MatchSummary & { workers: number }> {
  const game = registeredGame(opts.gameId);
  const count = Math.max(1, Math.min(workers, opts.games));
  const started = performance.now();
  const results: MatchGame[] = [];
  const done = (result: MatchGame) => {
    results.push(result);
    onGame?.(results.length);
  };
  if (count === 1) for (let g = 0; g < opts.games; g++) done(playMatchGame(game, opts, g));
  else await playOnWorkers(opts, count, done);
  results.sort((a, b) => a.g - b.g);
  const seconds = Math.round(performance.now() - started) / 1000;
  return { ...tally(game, opts, results, seconds), workers: count };
}

/** The games handed out one at a time to `count` worker threads. */
function playOnWorkers(opts: MatchOptions, count: number, done: (result: MatchGame) => void): Promise<void> {
  let next = 0;
  let running = count;
  return new Promise((resolve, reject) => {
    for (let w = 0; w < count; w++) {
      const worker = new Worker(new URL('./match-worker.mjs', import.meta.url), { workerData: opts });
      const feed = () => {
        if (next < opts.games) worker.postMessage(next++);
        else {
          void worker.terminate();
          if (--running === 0) resolve();
        }
      };
      worker.on('message', (result: MatchGame) => {
        done(result);
        feed();
      });
      worker.on('error', reject);
      feed();
    }
  });
}
