/**
 * The standalone verifier, run as visitors run it (`node verify-track-record.mjs …` in a child
 * process) on exports written here. The fixture chain is hashed by this file's own few lines of
 * node:crypto, not by the verifier's functions, so the verifier cannot pass by agreeing with itself.
 */
import fc from 'fast-check';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson as serverCanonicalJson } from './canonical-json';

const VERIFIER = fileURLToPath(new URL('./verify-track-record.mjs', import.meta.url));

type Verification =
  { ok: true; entries: number; lastHash: string } | { ok: false; line: number; reason: string };
interface VerifierModule {
  canonicalJson(value: unknown): string;
  entryHash(line: { prevHash: string; seq: number; recordedAt: string; entry: unknown }): string;
  verifyLines(lines: AsyncIterable<string>): Promise<Verification>;
}
// A computed specifier: the verifier is plain JavaScript with JSDoc, which TypeScript does not read here.
const verifier = (await import(pathToFileURL(VERIFIER).href)) as VerifierModule;

interface ChainLine {
  seq: number;
  recordedAt: string;
  entry: Record<string, unknown>;
  prevHash: string;
  hash: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const T0 = Date.parse('2026-11-28T19:00:00.123Z');

/** Keys written in sorted order, so JSON.stringify gives the canonical text without help. */
function fixtureEntry(seq: number): Record<string, unknown> {
  const offerId = `offer-${Math.ceil(seq / 2)}`;
  return seq % 2 === 1
    ? { entryPrice: '4321.50', kind: 'offer', levels: { sl: 2, tp: [3, 4.5] }, offerId, pair: 'ETH/USDT' }
    : { kind: 'outcome', netReturnPercent: seq / 10, note: 'a "quoted" café ✓', offerId };
}

/** Sets prevHash and hash of lines[from..] from their content, as a rewriter of history would. */
function rehash(lines: ChainLine[], from = 0): ChainLine[] {
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    line.prevHash = i === 0 ? '' : lines[i - 1]!.hash;
    line.hash = sha256(`${line.prevHash}\n${line.seq}\n${line.recordedAt}\n${JSON.stringify(line.entry)}`);
  }
  return lines;
}

function buildChain(count: number): ChainLine[] {
  const lines = Array.from({ length: count }, (_, i) => ({
    seq: i + 1,
    recordedAt: new Date(T0 + i * 60_000).toISOString(),
    entry: fixtureEntry(i + 1),
    prevHash: '',
    hash: '',
  }));
  return rehash(lines);
}

const headLine = (lines: ChainLine[]) =>
  JSON.stringify({
    head: { count: lines.length, hash: lines.at(-1)?.hash ?? '', exportedAt: '2026-11-29T00:00:00.000Z' },
  });

/** The export as the server writes it: entries, then the head, then one newline. */
function exportText(lines: ChainLine[], { trailingNewline = true } = {}): string {
  const text = [...lines.map((line) => JSON.stringify(line)), headLine(lines)].join('\n');
  return trailingNewline ? `${text}\n` : text;
}

let dir: string;
let fileNo = 0;
function writeExport(text: string): string {
  const file = path.join(dir, `export-${++fileNo}.jsonl`);
  writeFileSync(file, text);
  return file;
}

/** Async, not spawnSync: the URL test's server answers from this process's event loop. */
function runVerifier(args: string[], script = VERIFIER) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: tmpdir() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'heatsignal-verifier-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the track record verifier, on the command line', () => {
  it('finds an intact chain intact, with and without a trailing newline', async () => {
    for (const trailingNewline of [true, false]) {
      const file = writeExport(exportText(buildChain(20), { trailingNewline }));
      expect(await runVerifier([file])).toMatchObject({
        status: 0,
        stdout: 'track record intact (20 entries)',
      });
    }
  });

  it('runs copied on its own into another directory, and through a symlink', async () => {
    const file = writeExport(exportText(buildChain(20)));
    const copy = path.join(dir, 'copied-verifier.mjs');
    copyFileSync(VERIFIER, copy);
    symlinkSync(copy, path.join(dir, 'linked-verifier.mjs'));
    for (const script of [copy, path.join(dir, 'linked-verifier.mjs')]) {
      expect(await runVerifier([file], script)).toMatchObject({
        status: 0,
        stdout: 'track record intact (20 entries)',
      });
    }
  });

  it('names the line whose entry was edited', async () => {
    const lines = exportText(buildChain(20)).split('\n');
    lines[6] = lines[6]!.replace('"sl":2', '"sl":20');
    expect(lines[6]).toContain('"seq":7,');
    expect(lines[6]).toContain('"sl":20,');
    const result = await runVerifier([writeExport(lines.join('\n'))]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^track record broken at line 7: .*the entry was changed/);
  });

  it('names the line where a line was deleted, and the first of two swapped lines', async () => {
    const deleted = exportText(buildChain(20)).split('\n');
    deleted.splice(4, 1);
    const swapped = exportText(buildChain(20)).split('\n');
    [swapped[7], swapped[8]] = [swapped[8]!, swapped[7]!];
    for (const [lines, line] of [
      [deleted, 5],
      [swapped, 8],
    ] as const) {
      const result = await runVerifier([writeExport(lines.join('\n'))]);
      expect(result.status).toBe(1);
      expect(result.stdout).toMatch(
        new RegExp(`^track record broken at line ${line}: .*removed, added or moved`),
      );
    }
  });

  it('tells a file cut short at a line boundary (where the head was expected) or mid-line (not JSON)', async () => {
    const lines = exportText(buildChain(20)).split('\n');
    const atBoundary = await runVerifier([writeExport(lines.slice(0, 17).join('\n') + '\n')]);
    expect(atBoundary.status).toBe(1);
    expect(atBoundary.stdout).toBe(
      'track record broken at line 18: the head line is missing: the file was cut short',
    );
    const text = exportText(buildChain(20));
    const line10 = text.split('\n').slice(0, 9).join('\n').length + 1;
    const midLine = await runVerifier([writeExport(text.slice(0, line10 + 40))]);
    expect(midLine.status).toBe(1);
    expect(midLine.stdout).toMatch(/^track record broken at line 10: it is not JSON/);
  });

  it('holds the head to the entries before it, and nothing to follow it', async () => {
    const chain = buildChain(20);
    const entries = chain.map((line) => JSON.stringify(line)).join('\n');
    const head = (count: number, hash: string) => JSON.stringify({ head: { count, hash, exportedAt: 'x' } });
    for (const [text, expected] of [
      [`${entries}\n${head(19, chain[19]!.hash)}\n`, 'line 21: the head counts 19 entries, not 20'],
      [`${entries}\n${head(20, chain[18]!.hash)}\n`, "line 21: the head's hash is not the last entry's hash"],
      [`${exportText(chain)}\n`, 'line 22: something follows the head line'],
      [`${exportText(chain)}${JSON.stringify(chain[0])}\n`, 'line 22: something follows the head line'],
    ]) {
      expect(await runVerifier([writeExport(text!)])).toMatchObject({
        status: 1,
        stdout: `track record broken at ${expected}`,
      });
    }
  });

  it('catches a rewriter who rehashes one entry at the next line, and one who rehashes the rest against an earlier export', async () => {
    const original = buildChain(20);
    const originalFile = writeExport(exportText(original));

    const oneRehashed = buildChain(20);
    oneRehashed[6]!.entry.entryPrice = '4000.00';
    oneRehashed[6]!.hash = sha256(
      `${oneRehashed[6]!.prevHash}\n7\n${oneRehashed[6]!.recordedAt}\n${JSON.stringify(oneRehashed[6]!.entry)}`,
    );
    const next = await runVerifier([writeExport(exportText(oneRehashed))]);
    expect(next.status).toBe(1);
    expect(next.stdout).toMatch(/^track record broken at line 8: its prevHash/);

    const allRehashed = buildChain(20);
    allRehashed[6]!.entry.entryPrice = '4000.00';
    const rewrittenFile = writeExport(exportText(rehash(allRehashed, 6)));
    expect(await runVerifier([rewrittenFile])).toMatchObject({ status: 0 });
    expect(await runVerifier([rewrittenFile, '--earlier', originalFile])).toMatchObject({
      status: 1,
      stdout:
        "track record broken at line 7: the earlier export's entry differs from this one (changed or removed since)",
    });
  });

  it('accepts a later export that extends an earlier one (either argument order), and refuses a shorter one', async () => {
    const earlierFile = writeExport(exportText(buildChain(20).slice(0, 12)));
    const laterFile = writeExport(exportText(buildChain(20)));
    const extends12 = 'track record intact (20 entries); it extends the earlier export (12 entries)';
    expect(await runVerifier([laterFile, '--earlier', earlierFile])).toMatchObject({
      status: 0,
      stdout: extends12,
    });
    expect(await runVerifier(['--earlier', earlierFile, laterFile])).toMatchObject({
      status: 0,
      stdout: extends12,
    });

    const shorter = await runVerifier([earlierFile, '--earlier', laterFile]);
    expect(shorter.status).toBe(1);
    expect(shorter.stdout).toMatch(/^track record broken at line 13: the earlier export has 20 entries/);
  });

  it('says which file is broken when the earlier export is', async () => {
    const broken = exportText(buildChain(12)).replace('"offer-3"', '"offer-9"');
    const earlierFile = writeExport(broken);
    const result = await runVerifier([writeExport(exportText(buildChain(20))), '--earlier', earlierFile]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(new RegExp(`^the earlier export ${earlierFile} is broken at line 5: `));
  });

  describe('by URL', () => {
    let server: Server;
    let base: string;
    beforeAll(async () => {
      const text = exportText(buildChain(20));
      server = createServer((req, res) => {
        if (req.url !== '/api/track-record/export') return void res.writeHead(404).end();
        res.writeHead(200, { 'content-type': 'application/jsonl' }).end(text);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('verifies an export it downloads, and exits 2 when the address does not serve one', async () => {
      const url = `${base}/api/track-record/export`;
      expect(await runVerifier([url])).toMatchObject({
        status: 0,
        stdout: 'track record intact (20 entries)',
      });
      const missing = await runVerifier([`${base}/nothing`]);
      expect(missing).toMatchObject({ status: 2, stdout: '' });
      expect(missing.stderr).toContain('HTTP 404');
    });
  });

  it('exits 2 with a message on a usage error or an unreadable file', async () => {
    const none = await runVerifier([]);
    expect(none).toMatchObject({ status: 2, stdout: '' });
    expect(none.stderr).toContain('usage: node verify-track-record.mjs');
    const missing = await runVerifier([path.join(dir, 'no-such-export.jsonl')]);
    expect(missing).toMatchObject({ status: 2, stdout: '' });
    expect(missing.stderr).toContain('no-such-export.jsonl');
  });
});

describe('the verifier functions', () => {
  it('hash as the export format states, checked against node:crypto on a literal text', () => {
    const entry = { offerId: 'o-1', kind: 'offer', b: [true, null, 'x'], a: { z: 1, y: 2 } };
    expect(verifier.entryHash({ prevHash: '', seq: 1, recordedAt: '2026-11-28T19:00:00.123Z', entry })).toBe(
      sha256(
        '\n1\n2026-11-28T19:00:00.123Z\n{"a":{"y":2,"z":1},"b":[true,null,"x"],"kind":"offer","offerId":"o-1"}',
      ),
    );
  });

  it('write canonical JSON: sorted keys (UTF-16 order) at every depth, strings and numbers as JSON.stringify', () => {
    expect(verifier.canonicalJson({ b: 1, a: { d: [3, { f: 1, e: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"e":2,"f":1}]},"b":1}',
    );
    // Code-unit order puts the astral 😀 (a high surrogate, D83D) before U+FF5A; integer-like keys as strings.
    expect(verifier.canonicalJson({ '\uff5a': 0, '😀': 0, é: 0, z: 0, Z: 0, 10: 0, 9: 0, 1: 0 })).toBe(
      '{"1":0,"10":0,"9":0,"Z":0,"z":0,"é":0,"😀":0,"ｚ":0}',
    );
    expect(verifier.canonicalJson(['say "hi"\\\n', 'café ✓', '\ud800'])).toBe(
      '["say \\"hi\\"\\\\\\n","café ✓","\\ud800"]',
    );
    expect(verifier.canonicalJson([0.1 + 0.2, 1e21, -0, 5e-324, -1.5e-7])).toBe(
      '[0.30000000000000004,1e+21,0,5e-324,-1.5e-7]',
    );
  });

  it('write canonical JSON that survives a parse, and exactly as the server writes it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = verifier.canonicalJson(value);
        expect(verifier.canonicalJson(JSON.parse(text))).toBe(text);
        expect(text).toBe(serverCanonicalJson(JSON.parse(text) as Parameters<typeof serverCanonicalJson>[0]));
      }),
    );
  });

  it('verify 100,000 entries streamed in bounded memory', async () => {
    const padding = 'x'.repeat(500); // lines of ~700 bytes: keeping them all would take over 70 MB
    let peak = 0;
    async function* generatedExport() {
      let prevHash = '';
      for (let seq = 1; seq <= 100_000; seq++) {
        const recordedAt = new Date(T0 + seq * 1000).toISOString();
        const entry = { kind: 'offer', offerId: `offer-${seq}`, padding };
        const hash = sha256(`${prevHash}\n${seq}\n${recordedAt}\n${JSON.stringify(entry)}`);
        yield JSON.stringify({ seq, recordedAt, entry, prevHash, hash });
        prevHash = hash;
        if (seq % 1000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      yield JSON.stringify({
        head: { count: 100_000, hash: prevHash, exportedAt: '2026-11-29T00:00:00.000Z' },
      });
    }
    const before = process.memoryUsage().heapUsed;
    const result = await verifier.verifyLines(generatedExport());
    expect(result).toMatchObject({ ok: true, entries: 100_000 });
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  });
});
