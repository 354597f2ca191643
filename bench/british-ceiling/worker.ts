/** A worker thread: plays each British game number it is sent and answers with its turn-by-turn record. */
import { parentPort, workerData } from 'node:worker_threads';
import { britishGame } from './turns.ts';

const { seed } = workerData as { seed: string };
parentPort!.on('message', (g: number) => parentPort!.postMessage(britishGame(seed, g)));
