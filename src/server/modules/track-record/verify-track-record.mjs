#!/usr/bin/env node
/**
 * Verifies HeatSignal's public track record: the JSON Lines export of GET /api/track-record/export.
 * One file, nothing but Node 20 (no packages), so that you can read all of it before you trust it.
 *
 *   node verify-track-record.mjs <file or URL>                      is the chain intact?
 *   node verify-track-record.mjs <file or URL> --earlier <file or URL>
 *       ...and does it still hold every entry of an export you downloaded before?
 *
 * Line k holds entry k: {"seq":k,"recordedAt":"…","entry":{…},"prevHash":"…","hash":"…"}, with
 * hash = SHA-256 of prevHash + "\n" + seq + "\n" + recordedAt + "\n" + canonical JSON of entry, and
 * prevHash the hash of line k-1 ("" on line 1). Each hash covers every entry before it, so nothing
 * can be changed, removed or inserted without breaking every later link. The last line,
 * {"head":{"count":n,"hash":"…","exportedAt":"…"}}, tells a complete file from one cut short.
 * Keeping an earlier export and checking that a later one extends it shows that nothing was
 * rewritten in between (a rewrite that rehashes the rest of the chain is consistent on its own).
 *
 * Prints "track record intact (…)" and exits 0, or names the first broken line and exits 1;
 * exits 2 when the command line is wrong or an export cannot be read.
 */
import { createHash } from 'node:crypto';
import { createReadStream, realpathSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * JSON without whitespace, object keys in JavaScript's default sort, everything else as
 * JSON.stringify writes it: the one text the server hashed, recomputed from the parsed entry.
 * @param {unknown} value a value parsed from JSON
 * @returns {string}
 */
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value)) {
    const members = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * @param {{ prevHash: string, seq: number, recordedAt: string, entry: unknown }} line
 * @returns {string} lowercase hex SHA-256
 */
export function entryHash({ prevHash, seq, recordedAt, entry }) {
  const text = `${prevHash}\n${seq}\n${recordedAt}\n${canonicalJson(entry)}`;
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Checks an export line by line, holding only the previous line's hash (so memory stays flat
 * however long the chain), and stops at the first failure.
 * @param {AsyncIterable<string>} lines the export's lines, without their line breaks
 * @param {(seq: number, hash: string) => void} [onEntry] told of every entry that checks out
 * @returns {Promise<{ ok: true, entries: number, lastHash: string } | { ok: false, line: number, reason: string }>}
 */
export async function verifyLines(lines, onEntry = () => {}) {
  let lineNo = 0;
  let lastHash = '';
  let head;
  for await (const text of lines) {
    lineNo += 1;
    const fail = (reason) => ({ ok: false, line: lineNo, reason });
    if (head) return fail('something follows the head line');
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      return fail('it is not JSON (the file was cut short or damaged here)');
    }
    if (isObject(value) && 'head' in value) {
      head = isObject(value.head) ? value.head : { count: undefined };
      if (head.count !== lineNo - 1) return fail(`the head counts ${head.count} entries, not ${lineNo - 1}`);
      if (head.hash !== lastHash) return fail("the head's hash is not the last entry's hash");
      continue;
    }
    if (!isObject(value) || typeof value.recordedAt !== 'string' || typeof value.prevHash !== 'string')
      return fail('it is neither an entry nor the head');
    const { seq, recordedAt, entry, prevHash, hash } = value;
    if (seq !== lineNo)
      return fail(`it holds entry ${JSON.stringify(seq)}, not ${lineNo}: a line was removed, added or moved`);
    if (prevHash !== lastHash)
      return fail(
        "its prevHash is not the previous line's hash: a line was removed, added, moved or changed",
      );
    if (!isObject(entry) || typeof entry.kind !== 'string')
      return fail('its entry is not an object with a kind');
    if (hash !== entryHash({ prevHash, seq, recordedAt, entry }))
      return fail('its hash does not match its content: the entry was changed');
    lastHash = hash;
    onEntry(seq, hash);
  }
  if (!head)
    return { ok: false, line: lineNo + 1, reason: 'the head line is missing: the file was cut short' };
  return { ok: true, entries: head.count, lastHash };
}

/** @returns {value is Record<string, unknown>} */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The lines of a file, or of an http(s) URL's body, as they arrive (never the whole text at once).
 * @param {string} source
 * @returns {AsyncGenerator<string>}
 */
async function* readLines(source) {
  let input;
  try {
    if (/^https?:\/\//i.test(source)) {
      const response = await fetch(source);
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      input = Readable.fromWeb(response.body);
    } else {
      input = createReadStream(source);
    }
    yield* createInterface({ input, crlfDelay: Infinity });
  } catch (error) {
    // A network failure's reason is in its cause ("fetch failed" alone says nothing).
    throw new Error(`cannot read ${source}: ${error.cause?.message ?? error.message}`);
  } finally {
    input?.destroy(); // stopping at a broken line must not leave a download running
  }
}

/**
 * @param {string[]} args the command line after the script's path
 * @returns {Promise<number>} the exit code
 */
async function main(args) {
  let later, earlier;
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { earlier: { type: 'string' } },
      allowPositionals: true,
    });
    if (positionals.length !== 1) throw new Error('give exactly one export to verify');
    [later, earlier] = [positionals[0], values.earlier];
  } catch (error) {
    console.error(
      `${error.message}\nusage: node verify-track-record.mjs <file or URL> [--earlier <file or URL>]`,
    );
    return 2;
  }
  try {
    /** The earlier export's hashes, by seq, to compare the later one's with. */
    const earlierHashes = [];
    if (earlier !== undefined) {
      const result = await verifyLines(readLines(earlier), (_seq, hash) => earlierHashes.push(hash));
      if (!result.ok) {
        console.log(`the earlier export ${earlier} is broken at line ${result.line}: ${result.reason}`);
        return 1;
      }
    }
    let firstDifference; // reported only once the later export proved intact on its own
    const result = await verifyLines(readLines(later), (seq, hash) => {
      if (seq <= earlierHashes.length && hash !== earlierHashes[seq - 1]) firstDifference ??= seq;
    });
    if (!result.ok) {
      console.log(`track record broken at line ${result.line}: ${result.reason}`);
      return 1;
    }
    if (firstDifference !== undefined) {
      const reason = "the earlier export's entry differs from this one (changed or removed since)";
      console.log(`track record broken at line ${firstDifference}: ${reason}`);
      return 1;
    }
    if (earlierHashes.length > result.entries) {
      const reason = `the earlier export has ${earlierHashes.length} entries, this one ${result.entries} (removed since)`;
      console.log(`track record broken at line ${result.entries + 1}: ${reason}`);
      return 1;
    }
    const extended =
      earlier === undefined ? '' : `; it extends the earlier export (${earlierHashes.length} entries)`;
    console.log(`track record intact (${result.entries} entries)${extended}`);
    return 0;
  } catch (error) {
    console.error(error.message);
    return 2;
  }
}

/** Run as a command, not when imported (by the tests): resolved paths, so a symlink still counts. */
function isEntry() {
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) process.exitCode = await main(process.argv.slice(2));
