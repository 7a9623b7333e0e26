import type { Linter } from 'eslint';

/** Types of eslint.config.js for the rule tests (src/server/lint-rules.test.ts). */
export declare const serverBoundaries: Linter.Config[];
declare const config: Linter.Config[];
export default config;
