/**
 * A hot query built once per database and then run with new values (drizzle's `prepare` with
 * `sql.placeholder`s). Building a query walks every column and fragment on each call, about a third
 * of a millisecond of the request thread for an accept's wider statements.
 */
export function preparedPerDatabase<Db extends object, Statement>(
  build: (db: Db) => Statement,
): (db: Db) => Statement {
  const built = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
