/*
 * The messages between the main thread's PgliteThread and the thread that owns PGlite
 * (pglite.worker.mjs, which builds WireErrors in toWireError). Everything
 * in them is structured-cloneable: query options travel without their functions (a parser becomes
 * the type id it applies to, run on the main thread over the raw text) and errors travel as their
 * fields, rebuilt on the other side with the same `code`, `constraint`, `detail`, ...
 */

export type RowMode = 'array' | 'object';

/** QueryOptions without functions: `rawTypes` are the type ids whose values come back as text. */
export interface WireQueryOptions {
  rowMode?: RowMode;
  paramTypes?: number[];
  rawTypes?: number[];
}

export interface WireResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
  command?: string;
  rowCount?: number;
}

/** `txId` routes a statement into that open transaction; without it, it queues behind any. */
export type Request =
  | { op: 'ready' }
  | { op: 'query'; text: string; params: unknown[]; options: WireQueryOptions; txId?: number }
  | { op: 'exec'; text: string; options: WireQueryOptions; txId?: number }
  | { op: 'begin'; txId: number }
  | { op: 'rollback'; txId: number }
  | { op: 'end'; txId: number; commit: boolean }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { op: 'close' };

export type Reply = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: WireError };

export interface WireError {
  name: string;
  message: string;
  stack?: string;
  /** Own fields with primitive values (PostgreSQL's code, constraint, detail, ...). */
  fields: Record<string, string | number | boolean>;
  cause?: WireError;
}

/** What the thread is started with (workerData). */
export interface HostOptions {
  dataDir?: string;
  /** A `dumpDataDir()` tarball's bytes. */
  loadDataDir?: ArrayBuffer;
}

export function fromWireError(wire: WireError): Error {
  const error = new Error(wire.message, wire.cause ? { cause: fromWireError(wire.cause) } : undefined);
  Object.assign(error, wire.fields);
  error.name = wire.name;
  if (wire.stack) error.stack = wire.stack;
  return error;
}
