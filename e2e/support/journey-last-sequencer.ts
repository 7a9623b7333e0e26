import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser test files in name order (vitest's own order depends on file sizes and past timings),
 * and last the newcomer journey, which starts a server of its own: by then the shared server's
 * start-up work (backfill, first analyses) is over and the two do not compete for the CPU.
 */
export class JourneyLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => (spec.moduleId.endsWith('/newcomer-journey.e2e.ts') ? 1 : 0);
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}
