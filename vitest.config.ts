import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most of the slow files wait on real processes, sockets and timers rather than the CPU (each file has a
    // database of its own): three at a time, even on two cores. On a two-core machine that took 632 s at two at a
    // time and 555 s at three. The waits on real processes allow for that load (test/mail/bot-ladder.test.ts once
    // ran out of a 20 s wait for the worker's mail intake; it now waits up to 60 s, ending as soon as the mail is in).
    maxWorkers: 3,
  },
});
