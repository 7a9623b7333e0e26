/**
 * One page of an admin list whose rows name their pair by id, with each row's pair symbol. The
 * page is cut from the list's own table alone (where, order, slice; a sort on the pair reads its
 * symbol by subquery), then joined to crypto_pairs and put in the same order again: the join never
 * changes how the page is found, and the database sorts only the page it joins.
 */
import { eq, type AnyColumn, type SQL, type Subquery } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { orderFor, pageOf, type ListWindow, type Slice } from '../../../db/list-query';
import { cryptoPairs } from '../../../db/schema';
import type { ReadDb } from '../../../db/read-db';
import { pairSymbolOf } from './search.query';

/** The columns the cut and the join need: the row's own id (the last tie-break) and its pair's. */
interface PairRows {
  id: AnyColumn;
  pairId: AnyColumn;
}

/** The select, if its fields cover `R` (what the page is sorted and joined by); never otherwise. */
type SelectsAll<S extends PgSelect, R> = S['_']['selectedFields'] extends R ? unknown : never;

/** A row of the page (the select's row) and its pair, as drizzle's left join names them. */
export interface PageWithPair<S extends PgSelect> {
  page: S['_']['result'][number];
  crypto_pairs: typeof cryptoPairs.$inferSelect | null;
}

export async function pageWithPairSymbols<R, S extends PgSelect, K extends string>(
  db: ReadDb,
  options: {
    /** The list's table (its columns: what the cut sorts by). */
    table: NoInfer<R> & PairRows;
    /** The page's fields selected from `table` (at least the sort's, id and pairId), FROM included. */
    select: S & SelectsAll<S, R & PairRows>;
    where: SQL | undefined;
    sort: ListWindow<K>['sort'];
    fallback: { key: K; direction: 'asc' | 'desc' };
    /** The sort keys over the rows (the table, then the page) and their pair's symbol. */
    sortColumns: (rows: R, pair: AnyColumn | SQL) => Record<K, AnyColumn | SQL>;
    slice: Slice;
  },
): Promise<PageWithPair<S>[]> {
  const { table, sort, fallback, sortColumns } = options;
  const cut: Subquery = pageOf(options.select, {
    where: options.where,
    orderBy: orderFor(sort, sortColumns(table, pairSymbolOf(table.pairId)), fallback, table.id),
    slice: options.slice,
  }).as('page');
  // drizzle cannot resolve a subquery's fields through a generic select, so the page and its rows
  // are named here: the page has the select's fields, which cover R (SelectsAll checks it).
  const page = cut as unknown as R & PairRows;
  const rows = await db
    .select()
    .from(cut)
    .leftJoin(cryptoPairs, eq(cryptoPairs.id, page.pairId))
    .orderBy(...orderFor(sort, sortColumns(page, cryptoPairs.symbol), fallback, page.id));
  return rows as unknown as PageWithPair<S>[];
}
