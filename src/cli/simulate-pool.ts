/**
 * `pbem simulate` over several cores: the blocks of a run (simulate.ts: one dice stream per block of games) are
 * played by a pool of worker threads, or in this thread for one worker, and their summaries merged in game order.
 * The summary is therefore the same for any number of workers; only the time differs.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import {
  GAMES_PER_STREAM,
  mergeSummaries,
  simulate,
  simulatedGame,
  type SimulationOptions,
  type SimulationSummary,
} from './simulate.ts';

/** One block of a run: `games` games from game number `first`. */
export interface Slice {
  first: number;
  games: number;
}

/** What a worker thread answers: games done so far in its current block, or the block's summary. */
export type WorkerMessage = { kind: 'progress'; done: number } | { kind: 'summary'; summary: SimulationSummary };

/** How a run is spread: the number of workers, and a callback with the number of games done so far. */
export interface PoolOptions {
  workers: number;
  onProgress?: (done: number) => void;
}

/** The default number of workers: every core this process may use. */
export const defaultWorkers = (): number => availableParallelism();

/** The blocks of a run of `games` games. */
export function slicesOf(games: number): Slice[] {
  const out: Slice[] = [];
  for (let first = 0; first < games; first += GAMES_PER_STREAM) {
    out.push({ first, games: Math.min(GAMES_PER_STREAM, games - first) });
  }
  return out;
}

/** Plays a run on up to `pool.workers` workers (never more than it has blocks); the timing is the run's wall time. */
export async function simulateOnPool(
  opts: SimulationOptions,
  pool: PoolOptions,
): Promise<SimulationSummary & { workers: number }> {
  simulatedGame(opts.gameId, opts.mode); // a bad game or mode fails here, before any worker starts
  const slices = slicesOf(opts.games);
  const workers = Math.max(1, Math.min(pool.workers, slices.length));
  const started = performance.now();
  const parts =
    workers === 1
      ? playHere(opts, slices, pool.onProgress)
      : await playOnWorkers(opts, slices, workers, pool.onProgress);
  const summary = mergeSummaries(parts);
  summary.seconds = (performance.now() - started) / 1000;
  summary.gamesPerSecond = Math.round(opts.games / summary.seconds);
  return { ...summary, workers };
}

/** The blocks played one after the other in this thread. */
function playHere(opts: SimulationOptions, slices: Slice[], onProgress?: (done: number) => void): SimulationSummary[] {
  let before = 0;
  return slices.map((slice) => {
    const part = simulate({ ...opts, ...slice, onProgress: onProgress && ((done) => onProgress(before + done)) });
    before += slice.games;
    onProgress?.(before);
    return part;
  });
}

/** The blocks shared out to `count` worker threads, each taking the next block when it finishes one. */
function playOnWorkers(
  opts: SimulationOptions,
  slices: Slice[],
  count: number,
  onProgress?: (done: number) => void,
): Promise<SimulationSummary[]> {
  const parts: SimulationSummary[] = new Array(slices.length);
  const pool: Worker[] = [];
  const current = new Map<Worker, number>(); // games done in each worker's current block
  const { onProgress: _onProgress, ...shared } = opts; // a function cannot cross to a thread
  let next = 0;
  let finished = 0;
  let doneInFinished = 0;
  let settled = false;
  return new Promise<SimulationSummary[]>((resolve, reject) => {
    const stop = (error?: Error) => {
      if (settled) return;
      settled = true;
      for (const w of pool) void w.terminate();
      if (error) reject(error);
      else resolve(parts);
    };
    const report = () => onProgress?.(doneInFinished + [...current.values()].reduce((a, b) => a + b, 0));
    const give = (worker: Worker) => {
      if (next >= slices.length) return;
      const index = next++;
      current.set(worker, 0);
      const listen = (message: WorkerMessage) => {
        if (message.kind === 'progress') {
          current.set(worker, message.done);
          return report();
        }
        worker.off('message', listen);
        parts[index] = message.summary;
        current.delete(worker);
        doneInFinished += slices[index].games;
        report();
        if (++finished === slices.length) stop();
        else give(worker);
      };
      worker.on('message', listen);
      worker.postMessage(slices[index]);
    };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL('./simulate-worker.mjs', import.meta.url), { workerData: shared });
      worker.on('error', (error) => stop(error));
      worker.on('exit', (code) => stop(new Error(`a simulation worker stopped (exit code ${code})`)));
      pool.push(worker);
      give(worker);
    }
  });
}
