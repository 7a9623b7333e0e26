/**
 * The shared recordings (../shared/fixtures beside the repository) used by tests and the fake
 * Kraken. They are read in place, never copied into the repo.
 */
import path from 'node:path';
import { REPO_ROOT } from '../../shared/repo-root';

export function sharedFixturesDir(...parts: string[]): string {
  return path.resolve(REPO_ROOT, '../shared/fixtures', ...parts);
}
