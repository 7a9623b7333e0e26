/**
 * The shared recordings (../shared/fixtures beside the repository) used by tests and the fake
 * Kraken. They are read in place, never copied into the repo.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, from this file's place in it (src/server/providers/market). */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export function sharedFixturesDir(...parts: string[]): string {
  return path.resolve(repoRoot, '../shared/fixtures', ...parts);
}
