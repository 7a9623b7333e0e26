/*
 * PGlite on a thread of its own. PGlite is PostgreSQL compiled to WASM: every statement runs on
 * the thread that calls it, so on the HTTP thread an analysis's writes held every request behind
 * them. Here a worker thread owns the instance (pglite-host.ts) and this proxy speaks the part of
 * PGlite's interface that drizzle's pglite driver, the migrator and our tools use: query, exec,
 * transaction (its statements routed into that transaction; others queue behind it, as PGlite's
 * own mutex does on one thread), dumpDataDir and close.
 *
 * A thread that dies (a crash, a WASM abort) fails what is in flight and everything after with a
 * connection_failure (08006), which the app already answers with 503 and System Health shows as
 * the database down; the process keeps running. The thread is not restarted: a data folder whose
 * owner crashed mid-write is for an operator to look at (a restart of the process reopens it).
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  fromWireError,
  type HostOptions,
  type Reply,
  type Request,
  type RowMode,
  type WireQueryOptions,
  type WireResults,
} from './pglite-protocol';

const HOST_ENTRY = fileURLToPath(new URL('./pglite.worker.mjs', import.meta.url));

/** The subset of PGlite's QueryOptions that crosses the thread (no serializers, blob, onNotice). */
export interface ThreadQueryOptions {
  rowMode?: RowMode;
  paramTypes?: number[];
  /** Run on this thread over the value's text, as PGlite would (value, typeId). */
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

export interface ThreadResults<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
  command?: string;
  rowCount?: number;
}

export interface ThreadTransaction {
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: ThreadQueryOptions,
  ): Promise<ThreadResults<T>>;
  exec(text: string, options?: ThreadQueryOptions): Promise<ThreadResults[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** 08006 connection_failure: isDatabaseUnavailable() turns it into a 503. */
export const THREAD_STOPPED_CODE = '08006';

export interface PgliteThreadOptions {
  /** PGlite's data folder; in memory without. */
  dataDir?: string;
  /** Start from a `dumpDataDir()` tarball instead of running initdb. */
  loadDataDir?: Blob;
  /** The thread stopped without close() (a crash); default: console.error. */
  onStop?: (error: Error) => void;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #nextTxId = 1;
  #stopped: Error | undefined;
  #closed = false;
  #closing: Promise<void> | undefined;
  readonly #onStop: (error: Error) => void;

  private constructor(options: HostOptions, onStop: (error: Error) => void) {
    this.#onStop = onStop;
    this.#worker = new Worker(HOST_ENTRY, {
      workerData: options,
      transferList: options.loadDataDir ? [options.loadDataDir] : [],
    });
    // Held open only while a request waits for its answer, as a socket with a query in flight.
    this.#worker.unref();
    this.#worker.on('message', (reply: Reply) => this.#settle(reply));
    this.#worker.on('error', (error) => this.#stop(error));
    this.#worker.on('exit', (code) => this.#stop(new Error(`exit code ${code}`)));
  }

  /** Starts the thread and PGlite in it; rejects as PGlite.create would. */
  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const onStop = options.onStop ?? ((error) => console.error('[db] the PGlite thread stopped', error));
    const thread = new PgliteThread({ dataDir: options.dataDir, loadDataDir }, onStop);
    try {
      await thread.#request({ op: 'ready' });
    } catch (error) {
      // Not a crash to report: the caller gets the error.
      thread.#closing = thread.#worker.terminate().then(() => undefined);
      await thread.#closing;
      throw error;
    }
    return thread;
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T = Record<string, unknown>>(
    text: string,
    params: unknown[] = [],
    options?: ThreadQueryOptions,
  ): Promise<ThreadResults<T>> {
    return this.#query<T>(text, params, options, undefined);
  }

  exec(text: string, options?: ThreadQueryOptions): Promise<ThreadResults[]> {
    return this.#exec(text, options, undefined);
  }

  /**
   * BEGIN, `callback`, then COMMIT (or ROLLBACK when it throws, and the error is rethrown). While
   * it is open, statements outside it wait on the database thread until it ends.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = this.#nextTxId++;
    await this.#request({ op: 'begin', txId });
    let closed = false;
    const usable = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: async <R>(text: string, params: unknown[] = [], options?: ThreadQueryOptions) => {
        usable();
        return this.#query<R>(text, params, options, txId);
      },
      exec: async (text, options) => {
        usable();
        return this.#exec(text, options, txId);
      },
      rollback: async () => {
        usable();
        await this.#request({ op: 'rollback', txId });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      // The caller's error is the one to see; a rollback that fails too (the thread died) adds nothing.
      await this.#request({ op: 'end', txId, commit: false }).catch(() => undefined);
      throw error;
    }
    closed = true;
    // Commits unless tx.rollback() ended it; a COMMIT that rolls back rejects here.
    await this.#request({ op: 'end', txId, commit: true });
    return result;
  }

  /** The data folder as a tarball (PGlite's dumpDataDir). */
  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    const bytes = (await this.#request({ op: 'dump', compression })) as ArrayBuffer;
    return new Blob([bytes], { type: compression === 'none' ? 'application/x-tar' : 'application/x-gzip' });
  }

  /** Closes PGlite (flushing its files), then ends the thread. Idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (!this.#stopped) await this.#request({ op: 'close' });
      this.#closed = true;
      await this.#worker.terminate();
    })();
    return this.#closing;
  }

  /** Ends the thread at once without closing PGlite, as a crash would (tests). */
  async terminate(): Promise<void> {
    await this.#worker.terminate();
  }

  async #query<T>(
    text: string,
    params: unknown[],
    options: ThreadQueryOptions | undefined,
    txId: number | undefined,
  ): Promise<ThreadResults<T>> {
    const request: Request = { op: 'query', text, params, options: toWire(options), txId };
    const result = (await this.#request(request)) as WireResults;
    return applyParsers(result, options) as ThreadResults<T>;
  }

  async #exec(text: string, options: ThreadQueryOptions | undefined, txId: number | undefined) {
    const request: Request = { op: 'exec', text, options: toWire(options), txId };
    const results = (await this.#request(request)) as WireResults[];
    return results.map((result) => applyParsers(result, options) as ThreadResults);
  }

  #request(request: Request): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stoppedError());
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      try {
        this.#worker.postMessage({ id, request });
      } catch (error) {
        // A parameter that cannot be cloned (a function, a class with private state).
        this.#forget(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  #settle(reply: Reply): void {
    const pending = this.#forget(reply.id);
    if (!pending) return;
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(fromWireError(reply.error));
  }

  #forget(id: number): Pending | undefined {
    const pending = this.#pending.get(id);
    this.#pending.delete(id);
    if (pending && this.#pending.size === 0) this.#worker.unref();
    return pending;
  }

  #stop(cause: Error): void {
    if (this.#stopped) return;
    this.#stopped = cause;
    if (!this.#closing) this.#onStop(cause);
    const waiting = [...this.#pending.values()];
    this.#pending.clear();
    for (const { reject } of waiting) reject(this.#stoppedError());
  }

  #stoppedError(): Error {
    const cause = this.#stopped;
    const message = this.#closed
      ? 'PGlite is closed'
      : `the database thread (PGlite) stopped: ${cause?.message ?? 'unknown reason'}`;
    return Object.assign(new Error(message, { cause }), { code: THREAD_STOPPED_CODE });
  }
}

function toWire(options: ThreadQueryOptions | undefined): WireQueryOptions {
  if (!options) return {};
  const unsupported = Object.keys(options).filter(
    (key) => !['rowMode', 'paramTypes', 'parsers'].includes(key),
  );
  if (unsupported.length > 0)
    throw new Error(`PgliteThread: query options ${unsupported.join(', ')} are not supported`);
  return {
    rowMode: options.rowMode,
    paramTypes: options.paramTypes,
    rawTypes: options.parsers ? Object.keys(options.parsers).map(Number) : undefined,
  };
}

/** Runs the caller's parsers over the columns the thread left as text. */
function applyParsers(result: WireResults, options: ThreadQueryOptions | undefined): WireResults {
  const parsers = options?.parsers;
  if (!parsers) return result;
  const arrays = options.rowMode === 'array';
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = arrays ? index : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parse(value, field.dataTypeID);
    }
  });
  return result;
}
