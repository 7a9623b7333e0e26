/**
 * A backup file: a gzipped tar (tar-stream; `tar -tzf` lists it, so an operator can take the dump
 * out by hand) of manifest.json, then the database's entry (and DATA_DIR's auth-secret for the
 * embedded database). gzip's CRC and length catch a damaged or truncated file, the tar headers
 * their own checksums, and the manifest the SHA-256 of every entry, all checked before a byte is
 * restored. Only regular files are read back: anything else in the tar is refused, not guessed at.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { MANIFEST_ENTRY, parseManifest, type BackupManifest, type ManifestFile } from './manifest';

/** An entry to archive: bytes in memory, or a file streamed from disk. */
export type ArchiveSource = { name: ManifestFile['name'] } & ({ bytes: Uint8Array } | { file: string });

/** The file cannot be restored from; `message` says which file and why. */
export class BackupFileError extends Error {
  constructor(file: string, reason: string) {
    super(`${file} is not a usable backup: ${reason}`);
    this.name = 'BackupFileError';
  }
}

/** A megabyte at a time: hashing a whole data folder at once would hold the server's event loop. */
function* megabytes(bytes: Uint8Array) {
  for (let at = 0; at < bytes.byteLength; at += 1 << 20) yield bytes.subarray(at, at + (1 << 20));
}

async function describe(source: ArchiveSource): Promise<ManifestFile> {
  const hash = createHash('sha256');
  if ('bytes' in source) {
    await pipeline(Readable.from(megabytes(source.bytes)), hash);
    return { name: source.name, size: source.bytes.byteLength, sha256: hash.digest('hex') };
  }
  await pipeline(createReadStream(source.file), hash);
  return { name: source.name, size: (await stat(source.file)).size, sha256: hash.digest('hex') };
}

/** Writes the archive of `manifest` (its `files` filled in here) and `sources` to `destination`. */
export async function writeArchive(
  manifest: Omit<BackupManifest, 'files'>,
  sources: ArchiveSource[],
  destination: Writable,
): Promise<BackupManifest> {
  const files = await Promise.all(sources.map(describe));
  const whole: BackupManifest = { ...manifest, files };
  const json = Buffer.from(`${JSON.stringify(whole, null, 2)}\n`);
  const mtime = new Date(manifest.takenAt);
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), destination);
  // One entry at a time: each is piped whole (with backpressure) before the next header.
  const add = (name: string, size: number, body: Readable) =>
    pipeline(body, pack.entry({ name, size, mtime, mode: 0o600 })).catch((error: unknown) => {
      throw new Error(`${name} changed while it was archived (${(error as Error).message})`);
    });
  try {
    await add(MANIFEST_ENTRY, json.length, Readable.from([json]));
    for (const [i, source] of sources.entries()) {
      const body = 'bytes' in source ? Readable.from(megabytes(source.bytes)) : createReadStream(source.file);
      await add(source.name, files[i]!.size, body);
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
  }
  await written;
  return whole;
}

/** The gunzipped content of `file`; a read error of the file fails the stream. */
function gunzipped(file: string): AsyncIterable<Buffer> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  return input.pipe(gunzip);
}

const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

/** One entry of tar-stream's extract: its header, and its body as a stream. */
type TarEntry = tar.Extract extends AsyncIterable<infer Entry> ? Entry : never;

/** A tar entry as this format allows it: a regular file, its name and size. */
function fileEntry(file: string, entry: TarEntry | undefined) {
  if (!entry) return undefined;
  const { name, size, type } = entry.header;
  if (type !== 'file')
    throw new BackupFileError(file, `it holds a ${String(type)} entry (${name}), not only files`);
  return { name, size: size ?? 0, body: entry as AsyncIterable<Buffer> };
}

async function manifestOf(file: string, entry: TarEntry | undefined): Promise<BackupManifest> {
  const found = fileEntry(file, entry);
  if (found?.name !== MANIFEST_ENTRY || found.size > MAX_MANIFEST_BYTES)
    throw new BackupFileError(file, `it does not start with ${MANIFEST_ENTRY}`);
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk);
  const manifest = parseManifest(Buffer.concat(chunks).toString('utf8'));
  if (typeof manifest === 'string') throw new BackupFileError(file, manifest);
  return manifest;
}

/** Reads an entry to its end, into `target` when given, and checks it against the manifest. */
async function checkEntry(file: string, expected: ManifestFile, raw: TarEntry, target?: string) {
  const entry = fileEntry(file, raw)!;
  if (entry.name !== expected.name || entry.size !== expected.size)
    throw new BackupFileError(file, `${expected.name} is missing or has the wrong size`);
  const hash = createHash('sha256');
  async function* hashed() {
    for await (const chunk of entry.body) {
      hash.update(chunk);
      yield chunk;
    }
  }
  if (target) await pipeline(hashed(), createWriteStream(target, { mode: 0o600 }));
  else for await (const _ of hashed());
  if (hash.digest('hex') !== expected.sha256)
    throw new BackupFileError(file, `${expected.name} is damaged (its SHA-256 differs from the manifest's)`);
}

/** Refuses a file that is not gzip at all, before zlib's own words for it ('incorrect header check'). */
async function refuseUnlessGzip(file: string): Promise<void> {
  const magic = Buffer.alloc(2);
  try {
    const handle = await open(file, 'r');
    try {
      await handle.read(magic, 0, 2, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupFileError(file, 'no such file');
    throw error;
  }
  if (magic[0] !== 0x1f || magic[1] !== 0x8b)
    throw new BackupFileError(file, 'it is not gzip-compressed (is it a HeatSignal backup?)');
}

/** tar-stream's refusals: a header that does not check out, an archive that stops early. */
const TAR_DAMAGE = /^(Invalid tar header|Invalid header|Header exceeds max size|Unexpected end of data)/;

/** Why zlib or the tar reader gave up, in an operator's words. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (error instanceof Error && TAR_DAMAGE.test(error.message))
    return `it is damaged (tar: ${error.message})`;
  if (code === 'Z_BUF_ERROR') return 'it is truncated (the file ends before the archive does)';
  if (code?.startsWith('Z_')) return `it is damaged (gzip: ${(error as Error).message})`;
  throw error;
}

/**
 * The manifest of `file`; with `verify`, every entry is read and checked too, and with `extractTo`
 * (a folder) also written there under its own name. Throws BackupFileError on any damage.
 */
export async function readArchive(
  file: string,
  options: { verify?: boolean; extractTo?: string } = {},
): Promise<{ manifest: BackupManifest; extracted: Map<ManifestFile['name'], string> }> {
  const extracted = new Map<ManifestFile['name'], string>();
  await refuseUnlessGzip(file);
  const extract = tar.extract();
  const fed = pipeline(gunzipped(file), extract).catch(() => undefined);
  const entries: AsyncIterator<TarEntry, unknown> = extract[Symbol.asyncIterator]();
  const next = async () => {
    const step = await entries.next();
    return step.done ? undefined : step.value;
  };
  try {
    const manifest = await manifestOf(file, await next());
    if (!options.verify && !options.extractTo) return { manifest, extracted };
    for (const expected of manifest.files) {
      const entry = await next();
      if (!entry) throw new BackupFileError(file, `${expected.name} is missing`);
      const target = options.extractTo && path.join(options.extractTo, expected.name);
      await checkEntry(file, expected, entry, target);
      if (target) extracted.set(expected.name, target);
    }
    if (await next()) throw new BackupFileError(file, 'it holds entries its manifest does not list');
    return { manifest, extracted };
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(file, reasonOf(error));
  } finally {
    await entries.return?.(undefined);
    extract.destroy();
    await fed;
  }
}
