/**
 * The one paging helper of every admin list and report (time-range cutoff, escaped search, sort
 * with one null order, slice and total), so each query only names its columns.
 */
import { asc, Column, desc, gte, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { TimeRange } from '../../contract/common';
import { DAY_MS } from '../shared/time';

const RANGE_DAYS: Record<Exclude<TimeRange, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The oldest instant a time range keeps; null for `all`. */
export function timeRangeCutoff(range: TimeRange, now: Date = new Date()): Date | null {
  return range === 'all' ? null : new Date(now.getTime() - RANGE_DAYS[range] * DAY_MS);
}

/** What a list query needs from the caller's query, already parsed by the contract. */
export interface ListWindow<K extends string = string> {
  timeRange: TimeRange;
  search?: string | undefined;
  page: number;
  pageSize: number;
  sort?: { key: K; direction: 'asc' | 'desc' } | undefined;
}

/**
 * `%text%` for ILIKE with the caller's `%`, `_` and `\` taken literally (backslash is LIKE's
 * default escape character in PostgreSQL); null when there is nothing to search for.
 */
export function containsPattern(search: string | undefined): string | null {
  const trimmed = search?.trim();
  if (!trimmed) return null;
  return `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "any of these columns contains the search"; undefined when there is no search. */
export function searchAny(search: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  const pattern = containsPattern(search);
  if (!pattern) return undefined;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** `column >= cutoff` of the window's time range; undefined for `all`. */
export function withinRange(column: AnyColumn, range: TimeRange, now?: Date): SQL | undefined {
  const cutoff = timeRangeCutoff(range, now);
  return cutoff ? gte(column, cutoff) : undefined;
}

/**
 * ORDER BY for the caller's sort (or the default), then `then` so rows of equal keys keep one order
 * from page to page: a column follows the sort's direction, a list of terms is used as it is.
 * The one null order of every list and report: nulls sort as the smallest value, so they come
 * first ascending and last descending.
 */
export function orderFor<K extends string>(
  sort: ListWindow<K>['sort'],
  columns: Record<K, AnyColumn | SQL | SQL.Aliased>,
  fallback: { key: K; direction: 'asc' | 'desc' },
  then: AnyColumn | SQL[],
): SQL[] {
  const { key, direction } = sort ?? fallback;
  const column = columns[key];
  const by = direction === 'asc' ? asc : desc;
  const ties = Array.isArray(then) ? then : [by(then)];
  // A NOT NULL column keeps PostgreSQL's own null placement, so its index (read either way)
  // gives the order; only a nullable one needs nulls moved, which no plain index serves anyway.
  if (column instanceof Column && column.notNull) return [by(column), ...ties];
  const primary = direction === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;
  return [primary, ...ties];
}

/** The sort when `columns` knows its key, else undefined (tables sharing one list of sort keys). */
export function sortIn<K extends string>(
  sort: { key: string; direction: 'asc' | 'desc' },
  columns: Record<K, unknown>,
): { key: K; direction: 'asc' | 'desc' } | undefined {
  return sort.key in columns ? (sort as { key: K; direction: 'asc' | 'desc' }) : undefined;
}

/** The rows a page of the contract's `page` / `pageSize` covers. */
export interface Slice {
  limit: number;
  offset: number;
}
export const pageSlice = (window: Pick<ListWindow, 'page' | 'pageSize'>): Slice => ({
  limit: window.pageSize,
  offset: (window.page - 1) * window.pageSize,
});

/** `select` (its FROM, no WHERE yet) narrowed by `where`, ordered and cut to the slice. */
export const pageOf = <S extends PgSelect>(
  select: S,
  options: { where: SQL | undefined; orderBy: SQL[]; slice: Slice },
) =>
  select
    .where(options.where)
    .orderBy(...options.orderBy)
    .limit(options.slice.limit)
    .offset(options.slice.offset);

/** The rows `where` matches in `counted`, a select of nothing but `{ n: count() }` so an index can serve it. */
export async function totalOf<C extends PgSelect>(counted: C, where: SQL | undefined): Promise<number> {
  const [total] = (await counted.where(where)) as { n: number }[];
  return Number(total?.n ?? 0);
}

/** One slice of `rows` and the count of every row `where` matches in `counted` (both selects with their FROM). */
export async function pagedRows<R extends PgSelect, C extends PgSelect>(
  rows: R,
  counted: C,
  options: { where: SQL | undefined; orderBy: SQL[]; slice: Slice },
): Promise<{ rows: Awaited<R>; total: number }> {
  const page: Awaited<R> = await pageOf(rows, options);
  return { rows: page, total: await totalOf(counted, options.where) };
}
