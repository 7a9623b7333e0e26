import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser test files share one server, and its first sign-up founds the operator organisation
 * (becomes admin). accounts.e2e.ts proves exactly that, so it must sign up first: it runs first,
 * then the other files in name order (vitest's own order depends on file sizes and past timings),
 * and last the newcomer journey, which starts a server of its own: by then the shared server's
 * start-up work (backfill, first analyses) is over and the two do not compete for the CPU.
 */
export class AccountsFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) =>
      spec.moduleId.endsWith('/accounts.e2e.ts')
        ? 0
        : spec.moduleId.endsWith('/newcomer-journey.e2e.ts')
          ? 2
          : 1;
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}
