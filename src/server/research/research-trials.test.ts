import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAMILIES } from './families';
import { RESEARCH_TRIALS } from './research-trials';

const log = readFileSync(new URL('../../../docs/research/log.md', import.meta.url), 'utf8');
/** The engine's own setups, counted as trials 1-14 before the harness existed. */
const ENGINE_SETUPS = 14;

describe('the research log and the deflated Sharpe’s N', () => {
  const logged = [...log.matchAll(/^\|\s*(\d+)\s*\|\s*([a-z-]+)\s*\|\s*`([^`]+)`\s*\|/gm)].map((m) => ({
    n: Number(m[1]),
    key: `${m[2]} ${m[3]}`,
  }));

  it('counts every variant the log lists, and the engine setups before them', () => {
    expect(logged.map((row) => row.n)).toEqual(logged.map((_, k) => ENGINE_SETUPS + k + 1));
    expect(RESEARCH_TRIALS).toBe(ENGINE_SETUPS + logged.length);
    expect(log).toContain(`## Variants tried: ${RESEARCH_TRIALS}`);
  });

  it('logs every variant the harness can run', () => {
    const keys = new Set(logged.map((row) => row.key));
    for (const family of FAMILIES)
      for (const variant of family.variants) expect(keys).toContain(`${family.name} ${variant.name}`);
  });
});
