import { and, asc, count, desc, eq, gt, gte, inArray, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { ListOffersQuery } from '../../../contract/offers';
import type { Database } from '../../db/client';
// The list and one offer join crypto_pairs read-only for the symbol (shown and searched): one query
// instead of a round trip through the market service per page. The only foreign table read here.
// eslint-disable-next-line server/table-owner
import { cryptoPairs } from '../../db/schema';
import { offerFeedback, offers, userOffers } from '../../db/schema';
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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createOffersRepo(db: Database) {
  function conditions(filter: OfferListFilter): SQL | undefined {
    const acted = db
      .select({ one: sql`1` })
      .from(userOffers)
      .where(and(eq(userOffers.offerId, offers.id), eq(userOffers.userId, filter.userId)));
    const search = filter.search?.toUpperCase().replace(/-/g, '/');
    const compact = search?.replace(/[^A-Z0-9]/g, '');
    return and(
      inArray(offers.status, filter.statuses),
      // Past its horizon an offer is over even before the upkeep job marks it expired.
      gt(offers.expiresAt, filter.now),
      notExists(acted),
      filter.positionTypes ? inArray(offers.positionType, filter.positionTypes) : undefined,
      filter.riskLevels ? inArray(offers.riskLevel, filter.riskLevels) : undefined,
      gte(offers.successRate, filter.success[0]),
      lte(offers.successRate, filter.success[1]),
      gte(offers.heatScore, filter.heat[0]),
      lte(offers.heatScore, filter.heat[1]),
      search
        ? or(
            sql`${cryptoPairs.symbol} ilike ${`%${escapeLike(search)}%`}`,
            compact ? sql`replace(${cryptoPairs.symbol}, '/', '') ilike ${`%${compact}%`}` : undefined,
          )
        : undefined,
    );
  }

  return {
    /** One page of the offers a trader may still act on, and how many there are in all. */
    async list(
      filter: OfferListFilter,
    ): Promise<{ rows: { offer: OfferRow; pair: string }[]; total: number }> {
      const where = conditions(filter);
      const direction = filter.sortDir === 'asc' ? asc : desc;
      const [rows, totals] = await Promise.all([
        db
          .select({ offer: offers, pair: cryptoPairs.symbol })
          .from(offers)
          .innerJoin(cryptoPairs, eq(cryptoPairs.id, offers.pairId))
          .where(where)
          .orderBy(direction(SORT_COLUMNS[filter.sortBy]), desc(offers.createdAt), desc(offers.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db
          .select({ total: count() })
          .from(offers)
          .innerJoin(cryptoPairs, eq(cryptoPairs.id, offers.pairId))
          .where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async find(offerId: string): Promise<{ offer: OfferRow; pair: string } | null> {
      const [row] = await db
        .select({ offer: offers, pair: cryptoPairs.symbol })
        .from(offers)
        .innerJoin(cryptoPairs, eq(cryptoPairs.id, offers.pairId))
        .where(eq(offers.id, offerId));
      return row ?? null;
    },

    async exists(offerId: string): Promise<boolean> {
      const [row] = await db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
      return Boolean(row);
    },

    async addFeedback(row: {
      userId: string;
      offerId: string;
      type: 'like' | 'dislike' | 'comment';
      text: string | null;
    }) {
      await db.insert(offerFeedback).values(row);
    },
  };
}

export type OffersRepo = ReturnType<typeof createOffersRepo>;
