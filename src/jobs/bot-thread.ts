/**
 * A computer player's thread (bot-pool.ts): answers each decision it is sent with `decide` of src/engine/bot, under
 * the rules version the step resolves under, for any game of the registry.
 */
import { parentPort } from 'node:worker_threads';
import { decide } from '../engine/bot/index.ts';
import { rulesFor } from '../engine/rules-version.ts';
import { getGame } from '../games/index.ts';
import type { BotQuestion } from '../services/bot-turns.ts';
import type { BotThreadAnswer } from './bot-pool.ts';

const port = parentPort!;

port.on('message', ({ id, question }: { id: number; question: BotQuestion }) => {
  let answer: BotThreadAnswer;
  try {
    const installed = getGame(question.game);
    const game = installed && rulesFor(installed, question.rulesVersion);
    if (!game) throw new Error(`no game "${question.game}" under rules version ${question.rulesVersion} here`);
    const { orders, iterations, candidates, expected } = decide(game, question.state, question.seat, {
      seed: question.seed,
      iterations: question.iterations,
    });
    answer = { id, answer: { orders, iterations, candidates, expected } };
  } catch (error) {
    answer = { id, error: String((error as Error)?.message ?? error) };
  }
  port.postMessage(answer);
});
