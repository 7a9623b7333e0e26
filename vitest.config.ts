import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './scripts/testing/long-first-sequencer.js';

export default defineConfig({
  test: {
    environment: 'node',
    // A bound for a test that hangs, not a speed target: CI's 2 cores are shared by the unit
    // files, the web build and a second vitest run, and a test's minute-long worst case is normal.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest leaves one core free by default, which on a 2-core machine is half of it idle: the
    // API tests wait on their databases often enough for a worker per core to pay.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A fresh clone has no timings: the files known to take longest start first, not last.
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The scale-out suite starts real processes: `npm test` runs it on its own afterwards.
          exclude: ['**/*.cluster.test.ts', '**/node_modules/**'],
          // The server tests mock no module and build their apps per file, so a worker can keep
          // the modules it has loaded between files: importing the server for each of ~120 files
          // cost more than running them.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'web', include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'] },
      },
    ],
  },
});
