import { getTableColumns, type InferInsertModel, type InferSelectModel, type Table } from 'drizzle-orm';

/*
 * Rows across a database function's boundary (the money functions of migration 0016 take a row's
 * fields as jsonb and return table rows), mapped as drizzle maps its own queries' rows.
 */

/** Fields of a table row by column name, each value as its column sends it (Dates as ISO text). */
export function columnsJson<T extends Table>(table: T, values: Partial<InferInsertModel<T>>): string {
  const columns = getTableColumns(table);
  const byName: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const column = columns[field];
    if (column && value !== undefined)
      byName[column.name] = value === null ? null : column.mapToDriverValue(value);
  }
  return JSON.stringify(byName);
}

/**
 * A row a function returned (`select * from f(...)` with `returns setof <table>`) as drizzle's
 * select would give it: keys by field name, each value through its column's mapping (bigint cents
 * to numbers, timestamps to Dates).
 */
export function tableRowOf<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
