/** A match worker thread: plays each game number it is sent (match-pool.ts) and answers with how it ended. */
import { parentPort, workerData } from 'node:worker_threads';
import { registeredGame } from './games.ts';
import { type MatchOptions, playMatchGame } from './match.ts';

const opts = workerData as MatchOptions;
const game = registeredGame(opts.gameId);
const port = parentPort!;

port.on('message', (g: number) => port.postMessage(playMatchGame(game, opts, g)));
