// Named prepared statements for the database thread (pglite.worker.mjs). PGlite's `query` parses,
// plans and describes every statement anew, in six calls into WASM; the application repeats the
// same few hundred statements, so each is prepared once and then runs as bind + execute + sync in
// one call, on the plan PostgreSQL keeps for it. On the accept bench this made the database thread
// about 40 % faster.
//
// Only data statements are kept (select, insert, update, delete, with). Any other statement (DDL,
// a migration) runs through PGlite's own `query` or `exec`, and the worker calls `forget()` first:
// a changed table may change a kept statement's result columns, so every statement is prepared
// anew after it (the old ones stay in the session unused; DDL runs at migration time). Prepared
// statements outlive a rollback, so a transaction that fails leaves the cache valid.
//
// `run` takes PGlite's locks as its own `query` does (`_runExclusiveQuery`, and outside a
// transaction `_runExclusiveTransaction` and a sync of the data folder after);
// @electric-sql/pglite is pinned for these names.
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;
const KEPT = /^\s*(select|insert|update|delete|with)\b/i;

const concat = (...parts) => {
  const bytes = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
};

/**
 * `keeps(text)`: whether `run` takes the statement. `run(inTransaction, text, params, options)` →
 * PGlite's Results, as `query` would give them. `capacity`: the most statements kept; the least
 * recently used one is closed to make room.
 */
export function createStatementCache(pg, capacity = 500) {
  /** key → { name, paramOids, description }; Map order is use order (oldest first). */
  const kept = new Map();
  let nextName = 1;
  // PGlite's result parsing spreads the caller's parsers over its ~60 defaults on every result;
  // the columns a caller wants as text are a handful of sets, so each set's merged map is made once.
  const mergedParsers = new Map();
  const parsersFor = (options) => {
    if (!options.parsers) return { parsers: pg.parsers, options };
    const key = Object.keys(options.parsers).join(',');
    let merged = mergedParsers.get(key);
    if (!merged) {
      merged = { ...pg.parsers, ...options.parsers };
      mergedParsers.set(key, merged);
    }
    return { parsers: merged, options: { ...options, parsers: undefined } };
  };

  async function exec(...messages) {
    return (await pg.execProtocol(concat(...messages, serialize.sync()), { syncToFs: false })).messages;
  }

  async function prepare(key, text, paramTypes) {
    if (kept.size >= capacity) {
      const [oldestKey, oldest] = kept.entries().next().value;
      kept.delete(oldestKey);
      await exec(serialize.close({ type: 'S', name: oldest.name }));
    }
    const name = `hs_${nextName++}`;
    const messages = await exec(
      serialize.parse({ name, text, types: paramTypes }),
      serialize.describe({ type: 'S', name }),
    );
    const statement = {
      name,
      paramOids: parse.parseDescribeStatementResults(messages),
      description: messages.find((message) => message.name === 'rowDescription'),
    };
    kept.set(key, statement);
    return statement;
  }

  async function runKept(text, params, options) {
    const key = options.paramTypes ? `${options.paramTypes.join(',')}|${text}` : text;
    let statement = kept.get(key);
    if (statement) {
      kept.delete(key);
      kept.set(key, statement);
    } else {
      statement = await prepare(key, text, options.paramTypes);
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = pg.serializers[statement.paramOids[i]];
      return serializer ? serializer(param) : param.toString();
    });
    const messages = await exec(serialize.bind({ statement: statement.name, values }), serialize.execute({}));
    // Execute sends no row description: the one taken when the statement was prepared leads.
    const all = statement.description ? [statement.description, ...messages] : messages;
    const results = parsersFor(options);
    return parse.parseResults(all, results.parsers, results.options)[0];
  }

  return {
    keeps: (text) => KEPT.test(text),
    forget: () => kept.clear(),
    async run(inTransaction, text, params, options) {
      const work = () => runKept(text, params, options);
      if (inTransaction) return pg._runExclusiveQuery(work);
      const result = await pg._runExclusiveTransaction(() => pg._runExclusiveQuery(work));
      await pg.syncToFs();
      return result;
    },
  };
}
