/**
 * GET /api/offers is the hottest query of the app, so it is built once per shape and kept as a
 * prepared statement: every value (statuses, ranges, search, paging, the caller) is a placeholder,
 * and only what changes the SQL text itself (sort column and direction, which optional filters
 * are present) picks the statement. At most 3 × 2 × 2 × 2 × 2 = 48 shapes exist.
 *
 * The total comes with the page (`count(*) over ()`), so one round trip answers both; only a page
 * past the last row, which has no row to carry it, needs the separate count.
 */
import { and, asc, desc, eq, gt, gte, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListOffersQuery } from '../../../contract/offers';
import type { Database } from '../../db/client';
// eslint-disable-next-line server/table-owner -- read-only join for the symbol (see offers.repo.ts)
import { cryptoPairs } from '../../db/schema';
import { offers, userOffers } from '../../db/schema';
import type { OfferRow } from './offer-dto';

export interface OfferListFilter {
  userId: string;
  statuses: ListOffersQuery['status'];
  positionTypes?: NonNullable<ListOffersQuery['positionType']>;
  riskLevels?: NonNullable<ListOffersQuery['riskLevel']>;
  success: readonly [number, number];
  heat: readonly [number, number];
  search?: string;
  sortBy: ListOffersQuery['sortBy'];
  sortDir: ListOffersQuery['sortDir'];
  offset: number;
  limit: number;
  now: Date;
}

const SORT_COLUMNS = {
  heatScore: offers.heatScore,
  successRate: offers.successRate,
  createdAt: offers.createdAt,
} as const;

interface Shape {
  sortBy: OfferListFilter['sortBy'];
  sortDir: OfferListFilter['sortDir'];
  positionTypes: boolean;
  riskLevels: boolean;
  search: boolean;
}

const p = (name: string) => sql.placeholder(name);
/** `= any($n)` keeps a list a single parameter, so the statement text does not depend on its length. */
const anyOf = (column: AnyPgColumn, name: string) => sql`${column} = any(${p(name)}::text[])`;

function conditions(shape: Shape): SQL | undefined {
  const acted = sql`(select 1 from ${userOffers} where ${userOffers.offerId} = ${offers.id} and ${userOffers.userId} = ${p('userId')})`;
  return and(
    anyOf(offers.status, 'statuses'),
    // Past its horizon an offer is over even before the upkeep job marks it expired.
    gt(offers.expiresAt, sql`${p('now')}::timestamptz`),
    notExists(acted),
    shape.positionTypes ? anyOf(offers.positionType, 'positionTypes') : undefined,
    shape.riskLevels ? anyOf(offers.riskLevel, 'riskLevels') : undefined,
    gte(offers.successRate, sql`${p('successMin')}::float8`),
    lte(offers.successRate, sql`${p('successMax')}::float8`),
    gte(offers.heatScore, sql`${p('heatMin')}::float8`),
    lte(offers.heatScore, sql`${p('heatMax')}::float8`),
    shape.search
      ? or(
          sql`${cryptoPairs.symbol} ilike ${p('search')}`,
          sql`replace(${cryptoPairs.symbol}, '/', '') ilike ${p('compact')}`,
        )
      : undefined,
  );
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The placeholder values of one request. */
function values(filter: OfferListFilter) {
  const search = filter.search?.toUpperCase().replace(/-/g, '/');
  const compact = search?.replace(/[^A-Z0-9]/g, '');
  return {
    userId: filter.userId,
    statuses: [...filter.statuses],
    now: filter.now.toISOString(),
    positionTypes: filter.positionTypes ? [...filter.positionTypes] : null,
    riskLevels: filter.riskLevels ? [...filter.riskLevels] : null,
    successMin: filter.success[0],
    successMax: filter.success[1],
    heatMin: filter.heat[0],
    heatMax: filter.heat[1],
    search: search ? `%${escapeLike(search)}%` : null,
    // A search of only separators matches nothing extra (an empty pattern would match everything).
    compact: compact ? `%${compact}%` : '\u0001',
    limit: filter.limit,
    offset: filter.offset,
  };
}

export function createOffersListQuery(db: Database) {
  function build(shape: Shape, name: string) {
    const direction = shape.sortDir === 'asc' ? asc : desc;
    const where = conditions(shape);
    const page = db
      .select({
        offer: offers,
        pair: cryptoPairs.symbol,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(offers)
      .innerJoin(cryptoPairs, eq(cryptoPairs.id, offers.pairId))
      .where(where)
      .orderBy(direction(SORT_COLUMNS[shape.sortBy]), desc(offers.createdAt), desc(offers.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare(`offers_list_${name}`);
    const count = db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(offers)
      .innerJoin(cryptoPairs, eq(cryptoPairs.id, offers.pairId))
      .where(where)
      .prepare(`offers_count_${name}`);
    return { page, count };
  }

  const statements = new Map<string, ReturnType<typeof build>>();

  return async function list(
    filter: OfferListFilter,
  ): Promise<{ rows: { offer: OfferRow; pair: string }[]; total: number }> {
    const shape: Shape = {
      sortBy: filter.sortBy,
      sortDir: filter.sortDir,
      positionTypes: Boolean(filter.positionTypes),
      riskLevels: Boolean(filter.riskLevels),
      search: Boolean(filter.search),
    };
    const name = [
      shape.sortBy,
      shape.sortDir,
      shape.positionTypes ? 'p' : '',
      shape.riskLevels ? 'r' : '',
      shape.search ? 's' : '',
    ].join('_');
    let statement = statements.get(name);
    if (!statement) {
      statement = build(shape, name);
      statements.set(name, statement);
    }
    const params = values(filter);
    const page = await statement.page.execute(params);
    const rows = page.map(({ offer, pair }) => ({ offer, pair }));
    if (page.length > 0) return { rows, total: page[0]?.total ?? 0 };
    if (filter.offset === 0) return { rows, total: 0 };
    const [counted] = await statement.count.execute(params);
    return { rows, total: counted?.total ?? 0 };
  };
}
