import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most of the slow files wait on real processes, sockets and timers rather than the CPU (each file has a
    // database of its own): three at a time, even on two cores. The whole suite on two cores took 662 s two at a
    // time and about 8 minutes three at a time, every test passing and the slowest within a third of its timeout.
    maxWorkers: 3,
  },
});
