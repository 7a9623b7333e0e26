/**
 * Backups of the embedded database while it works (issue #20, item 4 and its proof). A real server
 * (the built bundle, as `npm start` runs it) on a new PGlite data folder takes a burst of
 * concurrent deposits over HTTP while `npm run backup` runs, as an operator runs it; the backup
 * holds more deposits than had been answered when it started and fewer than the burst made in all.
 * `npm run restore` brings it back into an empty folder, where the ledger balances, the audit chain
 * verifies and every count is the backup's. A folder that is not empty, a damaged or a truncated
 * file is refused and nothing changes; a copy that fails its checks (a manifest that claims more
 * than the dump holds) stays out of the folder; a second server on the folder is refused; and with
 * no server running the backup tool opens the folder itself.
 */
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDedicatedServer, type DedicatedServer } from '../../../e2e/support/dedicated-server';
import { buildServer, SERVER_BUNDLE_ENTRY } from '../../../scripts/build-server';
import { createDatabase } from '../db/client';
import { readArchive, writeArchive } from './archive';
import { restoreBackup } from './restore';
import { takeBackup } from './take-backup';
import { signUp } from '../testing/http-client';
import { startDepositBurst, type Trader } from './testing/deposit-burst';
import { writeReplayMarket } from './testing/replay-market';
import { expectWholeRestore } from './testing/restored-checks';

const REPO = path.resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'heatsignal-bk-'));
const dataDir = path.join(work, 'live');
const restored = path.join(work, 'restored');
const backupFile = path.join(work, 'nightly.tar.gz');
let server: DedicatedServer;
let traders: Trader[];
/** Deposits the burst made in all. */
let deposited = 0;

/** An npm script as an operator runs it, on the embedded database in `dir`. */
function npmRun(script: string, file: string, dir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', file], {
      cwd: REPO,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every path under `dir` with its size and modification time: what "nothing changed" compares. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((name) => {
      const stat = statSync(path.join(dir, name));
      return `${name} ${stat.isDirectory() ? 'dir' : stat.size} ${stat.mtimeMs}`;
    });
}

beforeAll(async () => {
  await buildServer();
  await mkdir(dataDir);
  // A one-pair replay market: the server's worker runs, without a simulated market's backfill.
  const market = writeReplayMarket(work);
  server = await startDedicatedServer(
    { MARKET_SOURCE: 'replay', REPLAY_FILES: market, ENGINE_THREADS: '1', LOG_LEVEL: 'error' },
    { dataDir, keepDataDir: true },
  );
  traders = [await signUp(server.baseUrl, 'Alice'), await signUp(server.baseUrl, 'Bob')];
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('backup and restore of the embedded database', () => {
  it('keeps the folder to one process and its socket to its owner', async () => {
    expect(statSync(path.join(dataDir, 'run')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, 'run', 'heatsignal.sock')).mode & 0o777).toBe(0o600);
    const second = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [SERVER_BUNDLE_ENTRY], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'error' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/is in use by another HeatSignal process \(the server, pid \d+\)/);
  });

  it('takes a backup during a burst of deposits that restores to a ledger that balances', async () => {
    const burst = startDepositBurst(server.baseUrl, traders);
    await burst.answered(40);
    const backup = await npmRun('backup', backupFile, dataDir);
    // Every deposit started from here on commits after the snapshot.
    const { ok, failures } = await burst.stop(20);
    expect(failures).toEqual([]);
    deposited = ok;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('taken through the running server');

    const { manifest } = await readArchive(backupFile, { verify: true });
    expect(manifest.engine).toBe('pglite');
    const inBackup = manifest.facts.tables['public.payments']!;
    expect(inBackup).toBeGreaterThanOrEqual(40);
    expect(inBackup).toBeLessThanOrEqual(ok - 20);

    const restore = await npmRun('restore', backupFile, restored);
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toMatch(/ok +audit chain: intact/);
    expect(restore.stdout).toMatch(/ok +balances:/);
    expect(restore.stdout).toMatch(/ok +row counts:/);
    expect(restore.stdout).toContain('restored and verified');
    expect(restore.code).toBe(0);
    // The secret the sessions and sealed secrets depend on came with it.
    expect(readFileSync(path.join(restored, 'auth-secret'))).toEqual(
      readFileSync(path.join(dataDir, 'auth-secret')),
    );

    const handle = await createDatabase({ dataDir: restored });
    try {
      await expectWholeRestore(handle, manifest, traders);
    } finally {
      await handle.close();
    }
  });

  it('refuses a folder that is not empty, and changes nothing in it', async () => {
    const before = listing(restored);
    const again = await npmRun('restore', backupFile, restored);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /is not empty \(it holds auth-secret, pg, run\): restore into a new or empty folder/,
    );
    expect(listing(restored)).toEqual(before);
  });

  it('refuses a damaged or truncated file, and leaves no folder behind', async () => {
    const bytes = readFileSync(backupFile);
    const damaged = path.join(work, 'damaged.tar.gz');
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    writeFileSync(damaged, flipped);
    const target = path.join(work, 'from-damaged');
    const result = await npmRun('restore', damaged, target);
    expect(result.code).toBe(1);
    // A flipped byte fails gzip's checks: bad data, or a stream that then ends early.
    expect(result.stderr).toMatch(/damaged\.tar\.gz is not a usable backup: it is (damaged|truncated)/);
    expect(existsSync(target)).toBe(false);

    const truncated = path.join(work, 'truncated.tar.gz');
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 1000));
    await expect(restoreBackup(truncated, { dataDir: target })).rejects.toThrow(/it is truncated/);
    expect(existsSync(target)).toBe(false);
  });

  it('keeps a copy that fails its checks out of the folder, and says which failed', async () => {
    const parts = path.join(work, 'parts');
    mkdirSync(parts);
    const { manifest, extracted } = await readArchive(backupFile, { extractTo: parts });
    // The same dump under a manifest that claims one payment and one audit row more.
    const { tables, auditHead } = manifest.facts;
    const facts = {
      ...manifest.facts,
      tables: { ...tables, 'public.payments': tables['public.payments']! + 1 },
      auditHead: { ...auditHead!, id: auditHead!.id + 1 },
    };
    const forged = path.join(work, 'forged.tar.gz');
    const sources = [...extracted].map(([name, file]) => ({ name, file }));
    await writeArchive({ ...manifest, facts }, sources, createWriteStream(forged));
    const target = path.join(work, 'from-forged');
    const report = await restoreBackup(forged, { dataDir: target });
    expect(report.ok).toBe(false);
    expect(report.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual([
      'audit chain',
      'row counts',
    ]);
    expect(report.checks.find((check) => check.name === 'row counts')?.detail).toBe(
      `public.payments: ${tables['public.payments']! + 1} in the backup, ${tables['public.payments']} restored`,
    );
    expect(existsSync(target)).toBe(false);
  });

  it('backs up a folder no server runs on by opening it itself', async () => {
    await server.stop();
    const file = path.join(work, 'offline.tar.gz');
    const { manifest, via } = await takeBackup({ dataDir }, file);
    expect(via).toMatch(/by opening the data folder/);
    // Every deposit of the burst, and the folder was let go of.
    expect(manifest.facts.tables['public.payments']).toBe(deposited);
    expect(existsSync(path.join(dataDir, 'run', 'heatsignal.sock'))).toBe(false);
  });
});
