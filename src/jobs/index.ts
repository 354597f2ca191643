/** The jobs feature as a worker of main.ts (`--role worker|all`): see worker.ts. */
import type { Worker } from '../services/deps.ts';
import { type JobsWorkerOptions, startJobsWorker } from './worker.ts';

/**
 * Deadlines, reminders, delayed resolutions, webhooks, mail delivery and the sweep, on pg-boss; `options` are what
 * the composition root injects (the mail delivery of the `mail-delivery` queue).
 */
export function jobsWorker(options: JobsWorkerOptions = {}): Worker {
  return {
    name: 'jobs',
    async start(deps) {
      const url = deps.config.DATABASE_URL;
      if (!url) throw new Error('jobs worker: DATABASE_URL is not known (main.ts sets it after starting the database)');
      return startJobsWorker(deps, url, options);
    },
  };
}
