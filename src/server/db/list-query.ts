/**
 * The pieces every admin list shares (time-range cutoff, page offset, escaped search, sort), so
 * each owning module's list query only names its columns.
 */
import { asc, Column, desc, gte, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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
 * ORDER BY for the caller's sort (or the default), then `tieBreak` so rows of equal keys keep one
 * order from page to page. Nulls sort as the smallest value in both directions.
 */
export function orderFor<K extends string>(
  sort: ListWindow<K>['sort'],
  columns: Record<K, AnyColumn | SQL>,
  fallback: { key: K; direction: 'asc' | 'desc' },
  tieBreak: AnyColumn,
): SQL[] {
  const { key, direction } = sort ?? fallback;
  const column = columns[key];
  const by = direction === 'asc' ? asc : desc;
  // A NOT NULL column keeps PostgreSQL's own null placement, so its index (read either way)
  // gives the order; only a nullable one needs nulls moved, which no plain index serves anyway.
  if (column instanceof Column && column.notNull) return [by(column), by(tieBreak)];
  const primary = direction === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;
  return [primary, by(tieBreak)];
}

export const pageOffset = (window: Pick<ListWindow, 'page' | 'pageSize'>) =>
  (window.page - 1) * window.pageSize;

/**
 * One page of `rows` and the count of every row `where` matches in `counted` (both selects with
 * their FROM, no WHERE yet); the count selects nothing but the count, so an index can serve it.
 */
export async function pagedRows<R extends PgSelect, C extends PgSelect>(
  rows: R,
  counted: C,
  options: { where: SQL | undefined; orderBy: SQL[]; window: Pick<ListWindow, 'page' | 'pageSize'> },
): Promise<{ rows: Awaited<R>; total: number }> {
  const page = await rows
    .where(options.where)
    .orderBy(...options.orderBy)
    .limit(options.window.pageSize)
    .offset(pageOffset(options.window));
  const [total] = (await counted.where(options.where)) as { n: number }[];
  return { rows: page, total: Number(total?.n ?? 0) };
}

/**
 * The search over the row's own text columns, or the row's `column` being one of `ids` (e.g. its
 * pair's symbol or its user's name matched: pairs and users belong to other modules, so their
 * ids are looked up first).
 */
export function searchAnyOrIn(
  search: string | undefined,
  columns: (AnyColumn | SQL)[],
  column: AnyColumn,
  ids: readonly (number | string)[] | null,
): SQL | undefined {
  const own = searchAny(search, columns);
  if (!own || !ids?.length) return own;
  return or(own, inArray(column, [...ids]));
}

/** A sort key placing `column` in the order of `ids` (e.g. pair ids in symbol order). */
export const positionIn = (ids: readonly number[], column: AnyColumn): SQL =>
  sql`array_position(array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[], ${column})`;

/** How another module's rows are narrowed to and sorted by the pairs they belong to. */
export interface PairScope {
  /** Ids of the pairs whose symbol contains the search; null without a search. */
  matchingPairIds: number[] | null;
  /** Every pair id in symbol order; read only when sorting by pair. */
  pairIdsBySymbol: () => Promise<number[]>;
}
