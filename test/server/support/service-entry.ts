/**
 * The whole service in one process, as `npm start` runs it (src/server/main.ts `startService`, role all: API, SMTP
 * listener, jobs, mail delivery, recovery sweep), on DATABASE_URL, which the test has migrated already. Prints
 * "ready" once it listens; SIGTERM stops it gracefully. The fault tests kill it with SIGKILL.
 *
 * With START_ON_STDIN=1 the process loads its code, prints "loaded" and starts the service only when it reads a
 * line on stdin: a test keeps the next process loaded while the current one runs, and starts it the moment the
 * current one has died, so that a restart costs the service's start-up, not the loading of its code.
 */
import { createInterface } from 'node:readline';
import { loadConfig } from '../../../src/config.ts';
import { startService } from '../../../src/server/main.ts';

if (process.env.START_ON_STDIN === '1') {
  process.stdout.write('loaded\n');
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((go) => lines.once('line', () => go()));
  lines.close();
}
const service = await startService(loadConfig(), 'all', { migrate: false });
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void service.stop().then(() => process.exit(0));
});
