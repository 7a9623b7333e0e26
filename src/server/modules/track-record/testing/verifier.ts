import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The standalone verifier, as a visitor runs it. */
export const VERIFIER_PATH = fileURLToPath(new URL('../verify-track-record.mjs', import.meta.url));

/** Runs `node verify-track-record.mjs <args>` and returns its exit code and output. */
export function runVerifier(args: string[]): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [VERIFIER_PATH, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

/** Writes an export to a fresh temporary file and returns its path. */
export function exportFile(text: string, name = 'track-record.jsonl'): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'track-record-')), name);
  writeFileSync(file, text);
  return file;
}
