import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most of the slow files wait on real processes, sockets and timers rather than the CPU (each file has a
    // database of its own): two at a time, even on two cores, rather than the default of one per core but one.
    // Three at a time took about 8 minutes instead of 11, but a mail-intake wait in test/mail/bot-ladder.test.ts
    // then ran out once in three whole-suite runs.
    maxWorkers: 2,
  },
});
