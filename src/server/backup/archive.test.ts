/**
 * The backup file's format on its own: what writeArchive makes, readArchive and GNU tar read back,
 * and every kind of damage is refused with a sentence that says which.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupFileError, readArchive, writeArchive, type ArchiveSource } from './archive';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest } from './manifest';
import { readTar, tarEnd, tarHeader, tarPadding } from './tar';

const dir = mkdtempSync(path.join(tmpdir(), 'heatsignal-archive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const manifest: Omit<BackupManifest, 'files'> = {
  format: BACKUP_FORMAT,
  version: BACKUP_FORMAT_VERSION,
  engine: 'postgres',
  takenAt: '2026-11-28T12:00:00.000Z',
  serverVersion: 'PostgreSQL 15.20',
  facts: {
    tables: { 'public.payments': 3 },
    migrations: { count: 1, head: { hash: 'abc', createdAt: 1 } },
    ledgerTotalsByKind: { user_available: 300, external: -300 },
    auditHead: { id: 7, hash: 'def' },
  },
};
// 1,000 bytes: an entry that ends inside its second block.
const dump = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));

async function written(name: string, sources: ArchiveSource[] = [{ name: 'database.pgdump', bytes: dump }]) {
  const file = path.join(dir, name);
  const whole = await writeArchive(manifest, sources, createWriteStream(file));
  return { file, whole };
}

/** The archive's tar with `edit` applied, gzipped again: valid gzip around a changed tar. */
function rewritten(file: string, name: string, edit: (tar: Buffer) => Buffer): string {
  const out = path.join(dir, name);
  writeFileSync(out, gzipSync(edit(gunzipSync(readFileSync(file)))));
  return out;
}

const refusal = (file: string) =>
  readArchive(file, { verify: true }).then(
    () => 'read',
    (error: Error) => (error instanceof BackupFileError ? error.message : `unexpected: ${error.message}`),
  );

describe('a backup file', () => {
  it('holds the manifest and its entries, checked on the way back, and GNU tar reads it', async () => {
    const secret = path.join(dir, 'secret');
    writeFileSync(secret, 'not-so-secret');
    const { file, whole } = await written('round-trip.tar.gz', [
      { name: 'database.pgdump', bytes: dump },
      { name: 'auth-secret', file: secret },
    ]);
    expect(whole.files.map((f) => [f.name, f.size])).toEqual([
      ['database.pgdump', 1000],
      ['auth-secret', 13],
    ]);
    const out = path.join(dir, 'out');
    mkdirSync(out);
    const { manifest: read, extracted } = await readArchive(file, { extractTo: out });
    expect(read).toEqual(whole);
    expect(readFileSync(extracted.get('database.pgdump')!)).toEqual(dump);
    expect(readFileSync(extracted.get('auth-secret')!, 'utf8')).toBe('not-so-secret');
    expect(execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).split('\n')).toEqual([
      'manifest.json',
      'database.pgdump',
      'auth-secret',
      '',
    ]);
    expect(execFileSync('tar', ['-xzOf', file, 'database.pgdump'])).toEqual(dump);
  });

  it('refuses what is not gzip, what is cut short and what gzip finds damaged', async () => {
    const { file } = await written('whole.tar.gz');
    const bytes = readFileSync(file);
    const notGzip = path.join(dir, 'not-gzip');
    writeFileSync(notGzip, 'PGDMP custom dump');
    expect(await refusal(notGzip)).toMatch(/not-gzip is not a usable backup: it is not gzip-compressed/);
    for (const keep of [20, Math.floor(bytes.length / 2), bytes.length - 1]) {
      const cut = path.join(dir, `cut-${keep}`);
      writeFileSync(cut, bytes.subarray(0, keep));
      expect(await refusal(cut)).toMatch(/is not a usable backup: it is truncated/);
    }
    const flipped = Buffer.from(bytes);
    flipped[bytes.length - 6]! ^= 0x01; // the CRC in gzip's trailer
    const damaged = path.join(dir, 'damaged');
    writeFileSync(damaged, flipped);
    expect(await refusal(damaged)).toMatch(
      /is not a usable backup: it is damaged \(gzip: incorrect data check\)/,
    );
  });

  it('refuses an entry that differs from the manifest, an entry it does not list, and a foreign tar', async () => {
    const { file } = await written('source.tar.gz');
    const changed = rewritten(file, 'changed.tar.gz', (tar) => {
      const copy = Buffer.from(tar);
      // The first byte of the dump: the manifest's header and its one block come before it.
      const manifestSize = parseInt(copy.toString('ascii', 124, 135), 8);
      copy[512 + manifestSize + tarPadding(manifestSize).length + 512]! ^= 0xff;
      return copy;
    });
    expect(await refusal(changed)).toMatch(
      /database\.pgdump is damaged \(its SHA-256 differs from the manifest's\)/,
    );

    const extra = rewritten(file, 'extra.tar.gz', (tar) =>
      Buffer.concat([
        tar.subarray(0, tar.length - 1024),
        tarHeader('auth-secret', 1, new Date()),
        Buffer.from('x'),
        tarPadding(1),
        tarEnd(),
      ]),
    );
    expect(await refusal(extra)).toMatch(/it holds entries its manifest does not list/);

    const foreign = path.join(dir, 'foreign.tar.gz');
    writeFileSync(
      foreign,
      gzipSync(
        Buffer.concat([tarHeader('notes.txt', 2, new Date()), Buffer.from('hi'), tarPadding(2), tarEnd()]),
      ),
    );
    expect(await refusal(foreign)).toMatch(/it does not start with manifest\.json/);
  });

  it('names a backup made by a newer HeatSignal', async () => {
    const json = Buffer.from(JSON.stringify({ ...manifest, version: BACKUP_FORMAT_VERSION + 1, files: [] }));
    const newer = path.join(dir, 'newer.tar.gz');
    writeFileSync(
      newer,
      gzipSync(
        Buffer.concat([
          tarHeader('manifest.json', json.length, new Date()),
          json,
          tarPadding(json.length),
          tarEnd(),
        ]),
      ),
    );
    expect(await refusal(newer)).toMatch(
      /it was made by a newer HeatSignal \(backup format 2; this one reads 1\)/,
    );
  });

  it('writes sizes past ustar’s 8 GiB in the base-256 form, and reads them', async () => {
    const size = 2 ** 34 + 5;
    async function* header() {
      yield tarHeader('database.pgdump', size, new Date());
    }
    const first = await readTar(header()).next();
    expect(first.value).toMatchObject({ name: 'database.pgdump', size });
  });
});
