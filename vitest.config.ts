import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest leaves one core free by default, which on a 2-core machine is half of it idle: the
    // API tests wait on their databases often enough for a worker per core to pay.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
