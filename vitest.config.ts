import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Deterministic files that are mostly CPU and never wait on the clock (10,000 money operations, a
 * long audit chain). `npm test` runs them at a lower priority beside the browser tests, which
 * mostly wait: HEATSIGNAL_TEST_PART=foreground leaves them out, =background runs only them.
 */
const BACKGROUND_TESTS = [
  'src/server/modules/trading/money.property.test.ts',
  'src/server/modules/logs/audit-chain.int.test.ts',
];
const part = process.env.HEATSIGNAL_TEST_PART;
const SERVER_TESTS = ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts', 'scripts/**/*.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest leaves one core free by default, which on a 2-core machine is half of it idle: the
    // API tests wait on their databases often enough for a worker per core to pay.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: part === 'background' ? BACKGROUND_TESTS : SERVER_TESTS,
          // The scale-out suite starts real processes: `npm test` runs it on its own afterwards.
          exclude: [
            '**/*.cluster.test.ts',
            '**/node_modules/**',
            ...(part === 'foreground' ? BACKGROUND_TESTS : []),
          ],
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
