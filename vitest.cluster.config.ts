import { defineConfig } from 'vitest/config';

/**
 * The scale-out suite: real api and worker processes on the machine's PostgreSQL and a Redis of
 * each test's own, killed and restarted. One file at a time: each starts its own cluster, and two
 * at once would starve each other on a 2-core machine.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/server/cluster/**/*.cluster.test.ts'],
    // Builds the server bundle the processes run.
    globalSetup: ['src/server/cluster/testing/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
