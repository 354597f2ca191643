/**
 * The computer player's threads: the jobs worker computes the bot's orders (src/services/bot-turns.ts) here, off its
 * main thread, so that a long decision holds up no other job, request or mail. Up to BOT_THREADS threads, each
 * deciding one question at a time (a question goes to the thread with the fewest waiting); a thread starts with its
 * first question and lets the process exit while it has none. A thread that dies fails the questions it held (their
 * jobs are retried) and is started afresh with the next one.
 */
import { Worker } from 'node:worker_threads';
import type { BotAnswer, BotCompute, BotQuestion } from '../services/bot-turns.ts';

/** What a thread answers one question with. */
export type BotThreadAnswer = { id: number; answer: BotAnswer; error?: undefined } | { id: number; error: string };

interface Pending {
  resolve: (answer: BotAnswer) => void;
  reject: (error: Error) => void;
}

/** One thread and the questions it holds. */
interface Lane {
  worker: Worker | null;
  pending: Map<number, Pending>;
}

/** A pool of computer player threads. */
export class BotPool {
  private readonly lanes: Lane[];
  private next = 0;

  constructor(threads: number) {
    this.lanes = Array.from({ length: Math.max(1, threads) }, () => ({ worker: null, pending: new Map() }));
  }

  private start(lane: Lane): Worker {
    const worker = new Worker(new URL('./bot-thread.mjs', import.meta.url));
    worker.on('message', (m: BotThreadAnswer) => {
      const p = lane.pending.get(m.id);
      if (!p) return;
      lane.pending.delete(m.id);
      if (m.error === undefined) p.resolve(m.answer);
      else p.reject(new Error(m.error));
      if (!lane.pending.size) worker.unref();
    });
    const fail = (error: Error) => {
      if (lane.worker !== worker) return;
      lane.worker = null;
      for (const p of lane.pending.values()) p.reject(error);
      lane.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a computer player thread stopped (exit code ${code})`)));
    return worker;
  }

  /** Decides one question on the least busy thread. */
  readonly compute: BotCompute = (question: BotQuestion) => {
    const lane = this.lanes.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    lane.worker ??= this.start(lane);
    const worker = lane.worker;
    const id = this.next++;
    worker.ref();
    return new Promise<BotAnswer>((resolve, reject) => {
      lane.pending.set(id, { resolve, reject });
      worker.postMessage({ id, question });
    });
  };

  /** Stops every thread (their questions fail). */
  async close(): Promise<void> {
    await Promise.all(
      this.lanes.map(async (lane) => {
        const w = lane.worker;
        lane.worker = null;
        for (const p of lane.pending.values()) p.reject(new Error('the computer player threads were stopped'));
        lane.pending.clear();
        if (w) await w.terminate();
      }),
    );
  }
}
