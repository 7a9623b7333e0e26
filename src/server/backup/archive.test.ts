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
import * as tar from 'tar-stream';
import { buffer } from 'node:stream/consumers';

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

type TarHeader = Partial<tar.Header> & { name: string };

/** A gzipped tar of these entries (files unless a type is given), made with the same library. */
async function tarOf(entries: (TarHeader & { body?: string | Buffer })[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const { body, ...header } of entries)
    await new Promise<void>((resolve, reject) =>
      pack.entry(header, body ?? '', (error) => (error ? reject(error) : resolve())),
    );
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack as AsyncIterable<Buffer>) chunks.push(chunk);
  return gzipSync(Buffer.concat(chunks));
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
    const changed = rewritten(file, 'changed.tar.gz', (whole) => {
      const copy = Buffer.from(whole);
      // The first byte of the dump: the manifest's header and its blocks come before it.
      const manifestSize = parseInt(copy.toString('ascii', 124, 135), 8);
      copy[512 + Math.ceil(manifestSize / 512) * 512 + 512]! ^= 0xff;
      return copy;
    });
    expect(await refusal(changed)).toMatch(
      /database\.pgdump is damaged \(its SHA-256 differs from the manifest's\)/,
    );

    const [manifestEntry, dumpEntry] = await entriesOf(file);
    const extra = path.join(dir, 'extra.tar.gz');
    writeFileSync(extra, await tarOf([manifestEntry!, dumpEntry!, { name: 'auth-secret', body: 'x' }]));
    expect(await refusal(extra)).toMatch(/it holds entries its manifest does not list/);

    const linked = path.join(dir, 'linked.tar.gz');
    writeFileSync(
      linked,
      await tarOf([manifestEntry!, { name: 'database.pgdump', type: 'symlink', linkname: '/etc/passwd' }]),
    );
    expect(await refusal(linked)).toMatch(/it holds a symlink entry \(database\.pgdump\), not only files/);

    const foreign = path.join(dir, 'foreign.tar.gz');
    writeFileSync(foreign, await tarOf([{ name: 'notes.txt', body: 'hi' }]));
    expect(await refusal(foreign)).toMatch(/it does not start with manifest\.json/);

    const broken = rewritten(file, 'broken-header.tar.gz', (whole) => {
      const copy = Buffer.from(whole);
      copy[0]! ^= 0xff; // the manifest's name: its header's checksum no longer holds
      return copy;
    });
    expect(await refusal(broken)).toMatch(/it is damaged \(tar: Invalid tar header/);
  });

  it('names a backup made by a newer HeatSignal', async () => {
    const json = JSON.stringify({ ...manifest, version: BACKUP_FORMAT_VERSION + 1, files: [] });
    const newer = path.join(dir, 'newer.tar.gz');
    writeFileSync(newer, await tarOf([{ name: 'manifest.json', body: json }]));
    expect(await refusal(newer)).toMatch(
      /it was made by a newer HeatSignal \(backup format 2; this one reads 1\)/,
    );
  });
});

/** Each entry of a backup file, its bytes read, to build variants of it. */
async function entriesOf(file: string): Promise<(TarHeader & { body: Buffer })[]> {
  const extract = tar.extract();
  extract.end(gunzipSync(readFileSync(file)));
  const entries: (TarHeader & { body: Buffer })[] = [];
  for await (const entry of extract)
    entries.push({ ...entry.header, body: await buffer(entry as AsyncIterable<Buffer>) });
  return entries;
}
