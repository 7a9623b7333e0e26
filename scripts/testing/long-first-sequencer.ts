import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The unit files that take longest, measured on a fresh clone (2 cores), longest first. Vitest
 * orders a run by the durations it cached from the last one, and without them (a fresh clone, as
 * CI has) by file size, which says nothing of these: the money property test is three minutes of
 * 10,000 operations in a 300-line file, and started wherever its size fell it was the run's tail.
 */
export const LONG_FILES = [
  'src/server/modules/trading/money.property.test.ts',
  'src/server/modules/analysis/analysis.pipeline.int.test.ts',
  'src/server/modules/analysis/gate-publication.int.test.ts',
  'src/server/stop-with-stalled-log.int.test.ts',
  'src/server/modules/analysis/live-updates.int.test.ts',
];

/** The long files first (longest first), then the rest in vitest's own order. */
export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification) => {
      const index = LONG_FILES.indexOf(path.relative(root, spec.moduleId).split(path.sep).join('/'));
      return index < 0 ? LONG_FILES.length : index;
    };
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
