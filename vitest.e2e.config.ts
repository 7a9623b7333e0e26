import { defineConfig } from 'vitest/config';
import { JourneyLastSequencer } from './e2e/support/journey-last-sequencer.js';

/** Browser tests: real Chromium against the real server, one file at a time. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    // Bounds for a test that hangs: on CI's 2 cores three browser runs share the machine, and a
    // step that takes 30 s alone has taken a minute there.
    testTimeout: 150_000,
    hookTimeout: 240_000,
    // expect.poll's own default, one second, is shorter than a loaded CI machine may take to draw
    // an answer (two CI runs failed on it): a poll still ends as soon as its condition holds.
    expect: { poll: { timeout: 15_000 } },
    fileParallelism: false,
    sequence: { sequencer: JourneyLastSequencer },
  },
});
