import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository's root: the nearest folder above this module holding package.json. Found by
 * walking up rather than by a fixed number of `..`, because the same code runs from its source
 * (src/server/…, under tsx or vitest) and from the bundled build (dist/server/main.mjs).
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot(import.meta.dirname);
