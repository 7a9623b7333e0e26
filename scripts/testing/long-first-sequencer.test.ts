import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONG_FILES } from './long-first-sequencer';

const root = path.resolve(import.meta.dirname, '../..');

describe('the long unit files started first', () => {
  it('names files that exist, so a rename does not quietly send one back to the end', () => {
    expect(LONG_FILES.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
  });
});
