import { defineConfig } from 'vitest/config';
import { JourneyLastSequencer } from './e2e/support/journey-last-sequencer.js';

/** Browser tests: real Chromium against the real server, one file at a time. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    sequence: { sequencer: JourneyLastSequencer },
  },
});
