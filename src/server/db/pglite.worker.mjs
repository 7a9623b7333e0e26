// The database thread: owns the PGlite instance and runs what the main thread's PgliteThread
// (pglite-thread.ts) asks; the messages are typed in pglite-protocol.ts. Plain JavaScript on
// purpose: a worker does not inherit tsx's or vitest's transform, and loading one here (tsx's
// tsImport) added about a second to every database opened on a busy machine, tests included.
//
// Serialisation is PGlite's own: a statement outside a transaction waits on PGlite's transaction
// mutex, so it queues behind an open transaction exactly as it would on one thread, while the
// transaction's own statements (sent with its txId) run inside it.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { createStatementCache } from './pglite-statements.mjs';

/** Rejects a transaction's callback so that PGlite rolls back; not an error of the caller's. */
const ROLLBACK = Symbol('rollback');

/** Fields that hold functions or copies of the request (PGlite adds them to its errors). */
const SKIPPED_FIELDS = new Set(['name', 'message', 'stack', 'cause', 'params', 'queryOptions']);

/** An error as structured-cloneable data: its own primitive fields (code, constraint, ...) kept. */
function toWireError(error, depth = 0) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (SKIPPED_FIELDS.has(key)) continue;
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  const cause = error.cause !== undefined && depth < 4 ? toWireError(error.cause, depth + 1) : undefined;
  return { name: error.name, message: error.message, stack: error.stack, fields, cause };
}

const keepText = (value) => value;

/** WireQueryOptions → PGlite's QueryOptions: `rawTypes` come back as text for the main thread's parsers. */
function toQueryOptions(wire) {
  const options = {};
  if (wire.rowMode) options.rowMode = wire.rowMode;
  if (wire.paramTypes) options.paramTypes = wire.paramTypes;
  if (wire.rawTypes?.length) options.parsers = Object.fromEntries(wire.rawTypes.map((t) => [t, keepText]));
  return options;
}

/** Results without the blob (COPY ... TO is not used over the thread). */
const plain = ({ rows, fields, affectedRows, command, rowCount }) => ({
  rows,
  fields,
  affectedRows,
  command,
  rowCount,
});

// Requests that arrive while PGlite starts wait for it; a failed start fails them all.
const ready = PGlite.create({
  ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
  ...(workerData.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {}),
});
ready.catch(() => undefined);
/** The application's statements, each prepared once (pglite-statements.mjs). */
let statements;

/** txId → { tx, end(commit), done }: `done` settles with the COMMIT, or the error that rolled back. */
const transactions = new Map();

function target(pg, txId) {
  if (txId === undefined) return pg;
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  return open.tx;
}

function begin(pg, txId) {
  return new Promise((started, failedToStart) => {
    let running = false;
    const done = pg.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          running = true;
          transactions.set(txId, { tx, done, end: (yes) => (yes ? commit() : rollback(ROLLBACK)) });
          started();
        }),
    );
    done
      .catch((error) => {
        if (!running) failedToStart(error);
      })
      .finally(() => transactions.delete(txId));
  });
}

async function end(txId, commit) {
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  open.end(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

/** One request → { value, transfer }. */
async function run(request) {
  const pg = await ready;
  statements ??= createStatementCache(pg);
  switch (request.op) {
    case 'ready':
      return {};
    case 'query': {
      const on = target(pg, request.txId);
      const options = toQueryOptions(request.options);
      if (statements.keeps(request.text)) {
        const inTransaction = request.txId !== undefined;
        return { value: plain(await statements.run(inTransaction, request.text, request.params, options)) };
      }
      statements.forget();
      return { value: plain(await on.query(request.text, request.params, options)) };
    }
    case 'exec': {
      statements.forget();
      const results = await target(pg, request.txId).exec(request.text, toQueryOptions(request.options));
      return { value: results.map(plain) };
    }
    case 'begin':
      await begin(pg, request.txId);
      return {};
    case 'rollback':
      await target(pg, request.txId).rollback();
      return {};
    case 'end':
      await end(request.txId, request.commit);
      return {};
    case 'dump': {
      const bytes = await (await pg.dumpDataDir(request.compression)).arrayBuffer();
      return { value: bytes, transfer: [bytes] };
    }
    case 'close':
      if (!pg.closed) await pg.close();
      return {};
    default:
      throw new Error(`unknown request ${String(request.op)}`);
  }
}

const fail = (id, error) => parentPort.postMessage({ id, ok: false, error: toWireError(error) });

parentPort.on('message', ({ id, request }) => {
  run(request).then(
    ({ value, transfer }) => {
      try {
        parentPort.postMessage({ id, ok: true, value }, transfer);
      } catch (error) {
        // A value that cannot be cloned fails its own request, not the thread.
        fail(id, error);
      }
    },
    (error) => fail(id, error),
  );
});
