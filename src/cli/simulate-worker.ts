/** A simulation worker thread: plays each block of games it is sent (simulate-pool.ts), reporting as it goes. */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type { Slice, WorkerMessage } from './simulate-pool.ts';
import { simulate, type SimulationOptions } from './simulate.ts';

const opts = workerData as SimulationOptions;
const port = parentPort!;
const send = (message: WorkerMessage) => port.postMessage(message);
/** Least time between two progress messages, in milliseconds (short games would otherwise flood the port). */
const PROGRESS_MS = 100;

port.on('message', (slice: Slice) => {
  let last = performance.now();
  const onProgress = (done: number) => {
    const now = performance.now();
    if (now - last < PROGRESS_MS) return;
    last = now;
    send({ kind: 'progress', done });
  };
  const summary = simulate({ ...opts, ...slice, onProgress });
  send({ kind: 'summary', summary });
});
