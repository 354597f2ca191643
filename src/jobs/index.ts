/** The jobs feature as a worker of main.ts (`--role worker|all`): see worker.ts. */
import type { Worker } from '../services/deps.ts';
import { startJobsWorker } from './worker.ts';

/** Deadlines, reminders, delayed resolutions, webhooks, mail delivery and the sweep, on pg-boss. */
export const jobsWorker: Worker = {
  name: 'jobs',
  async start(deps) {
    const url = deps.config.DATABASE_URL;
    if (!url) throw new Error('jobs worker: DATABASE_URL is not known (main.ts sets it after starting the database)');
    return startJobsWorker(deps, url);
  },
};
