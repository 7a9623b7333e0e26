/**
 * The part of ustar (POSIX.1-1988) a backup file needs: regular files with short names, written
 * and read back. A backup is a tar so that `tar -tzf` lists it and an operator can take the
 * database dump out by hand, without HeatSignal. Reading refuses whatever it does not expect (a
 * link, a directory, a bad header checksum, an archive that stops early) instead of guessing: it
 * reads the archives writeTar makes. Sizes above ustar's 8 GiB use the base-256 form GNU tar and
 * bsdtar read.
 */

const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777;

export class TarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarError';
  }
}

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

/** The 512-byte header of a regular file (mode 0600, owner 0: the reader's own on extraction). */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 99 || !/^[\w.-]+$/.test(name)) throw new TarError(`bad entry name ${name}`);
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 100, 'utf8');
  writeOctal(header, 100, 8, 0o600);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  if (size <= MAX_OCTAL_SIZE) {
    writeOctal(header, 124, 12, size);
  } else {
    header[124] = 0x80;
    header.writeBigUInt64BE(BigInt(size), 128);
  }
  writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.fill(' ', 148, 156);
  header.write('0', 156, 'ascii');
  header.write('ustar\u000000', 257, 'ascii');
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return header;
}

/** Zero bytes that bring an entry's content to a whole block. */
export const tarPadding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Two zero blocks: the end of the archive. */
export const tarEnd = (): Buffer => Buffer.alloc(2 * BLOCK);

/** Exact reads over a stream of chunks; a read past the stream's end fails with a TarError. */
class ByteReader {
  #pending: Buffer = Buffer.alloc(0);
  readonly #chunks: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.#chunks = source[Symbol.asyncIterator]();
  }

  async read(length: number): Promise<Buffer> {
    while (this.#pending.length < length) {
      const next = await this.#chunks.next();
      if (next.done) throw new TarError('the archive ends before its last entry is complete');
      this.#pending = this.#pending.length ? Buffer.concat([this.#pending, next.value]) : next.value;
    }
    const bytes = this.#pending.subarray(0, length);
    this.#pending = this.#pending.subarray(length);
    return bytes;
  }

  /** Reads what is left; anything but zeros after the end of the archive is damage. */
  async expectEnd(): Promise<void> {
    for (let piece = this.#pending; ;) {
      if (piece.some((byte) => byte !== 0)) throw new TarError('there is data after the end of the archive');
      const next = await this.#chunks.next();
      if (next.done) return;
      piece = next.value;
    }
  }

  /** Lets go of the source (a stream is destroyed) when the reader stops early. */
  async close(): Promise<void> {
    await this.#chunks.return?.();
  }

  /** Up to `length` bytes in the pieces they arrive in. */
  async *pieces(length: number): AsyncGenerator<Buffer> {
    let left = length;
    while (left > 0) {
      if (this.#pending.length === 0) {
        const next = await this.#chunks.next();
        if (next.done) throw new TarError('the archive ends in the middle of an entry');
        this.#pending = next.value;
      }
      const piece = this.#pending.subarray(0, left);
      this.#pending = this.#pending.subarray(piece.length);
      left -= piece.length;
      yield piece;
    }
  }
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = header.toString('ascii', offset, offset + length).replace(/[\0 ]+$/, '');
  if (!/^[0-7]+$/.test(text)) throw new TarError('a header field is not a number');
  return parseInt(text, 8);
}

function readSize(header: Buffer): number {
  if (header[124] === 0x80) return Number(header.readBigUInt64BE(128));
  return readOctal(header, 124, 12);
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; read them to the end before asking for the next entry. */
  body: AsyncGenerator<Buffer>;
}

/** The archive's regular files in order; fails on anything else and on an archive cut short. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry, void> {
  const reader = new ByteReader(source);
  try {
    yield* entriesOf(reader);
  } finally {
    await reader.close();
  }
}

async function* entriesOf(reader: ByteReader): AsyncGenerator<TarEntry, void> {
  for (;;) {
    const header = await reader.read(BLOCK);
    if (header.every((byte) => byte === 0)) {
      await reader.read(BLOCK);
      // To the source's end: gzip checks its CRC and length only there.
      await reader.expectEnd();
      return;
    }
    const stored = readOctal(header, 148, 8);
    const sum = header.reduce((total, byte, i) => total + (i >= 148 && i < 156 ? 32 : byte), 0);
    if (stored !== sum) throw new TarError('an entry header is damaged (checksum mismatch)');
    if (header.toString('ascii', 257, 262) !== 'ustar') throw new TarError('not a ustar archive');
    if (![0x30, 0].includes(header[156] ?? -1)) throw new TarError('an entry is not a regular file');
    const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const size = readSize(header);
    const body = reader.pieces(size);
    yield { name, size, body };
    // Whatever the reader left of the entry, so the next header is read where it starts.
    for await (const _ of body);
    await reader.read(tarPadding(size).length);
  }
}
