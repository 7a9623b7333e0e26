/** The admin lists of offers and of traders' accepts and rejects (GET /api/admin/offers, /user-offers). */
import { and, count, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminListResponse,
  adminOffersEndpoint,
  adminUserOffersEndpoint,
} from '../../../../contract/admin-collections';
import type { AdminOfferRecord, UserOfferRecord } from '../../../../contract/admin-records';
import { orderFor, pagedRows, pageSlice, searchAny, totalOf, withinRange } from '../../../db/list-query';
import { offers, userOffers } from '../../../db/schema';
import { toDollars } from '../../../shared/money';
import { adminOfferRecord } from '../admin-offer-record';
import { pageWithPairSymbols } from './pair-page.query';
import type { ReadDb } from '../../../db/read-db';
import { pairMatches, userMatches } from './search.query';

type OffersQuery = z.output<(typeof adminOffersEndpoint)['query']>;
type UserOffersQuery = z.output<(typeof adminUserOffersEndpoint)['query']>;

/** The stored offer fields an admin record shows (the list and the pair details). */
export const adminOfferColumns = {
  id: offers.id,
  positionType: offers.positionType,
  heatScore: offers.heatScore,
  successRate: offers.successRate,
  status: offers.status,
  outcome: offers.outcome,
  updatedAt: offers.updatedAt,
};

/** The list's sort keys over the offers (the table, or the page cut from it) and their pair's symbol. */
const sortColumns = (
  rows: Record<'heatScore' | 'successRate' | 'status' | 'updatedAt', AnyColumn>,
  pair: AnyColumn | SQL,
) => ({
  pair,
  heatScore: rows.heatScore,
  successRate: rows.successRate,
  status: rows.status,
  updatedAt: rows.updatedAt,
});

/**
 * Most recently changed first by default (offers_updated_at_idx; the time range is on updatedAt,
 * the column shown). The page is cut from offers alone, then joined to its pairs' symbols.
 * Search: pair symbol, status, position type, outcome.
 */
export async function listOffers(
  db: ReadDb,
  query: OffersQuery,
): Promise<AdminListResponse<AdminOfferRecord>> {
  const where = and(
    withinRange(offers.updatedAt, query.timeRange),
    or(
      searchAny(query.search, [offers.status, offers.positionType, offers.outcome]),
      pairMatches(db, offers.pairId, query.search),
    ),
  );
  const [rows, total] = await Promise.all([
    pageWithPairSymbols(db, {
      table: offers,
      select: db
        .select({ ...adminOfferColumns, pairId: offers.pairId })
        .from(offers)
        .$dynamic(),
      where,
      sort: query.sort,
      fallback: { key: 'updatedAt', direction: 'desc' },
      sortColumns,
      slice: pageSlice(query),
    }),
    totalOf(db.select({ n: count() }).from(offers).$dynamic(), where),
  ]);
  return {
    total,
    records: rows.map(({ page: offer, crypto_pairs: pair }) => adminOfferRecord(offer, pair?.symbol ?? '')),
  };
}

/**
 * Newest first by default (user_offers_created_at_idx). Search: action, offer id, the user (id,
 * username, email or name).
 */
export async function listUserOffers(
  db: ReadDb,
  query: UserOffersQuery,
): Promise<AdminListResponse<UserOfferRecord>> {
  const { rows, total } = await pagedRows(
    db.select().from(userOffers).$dynamic(),
    db.select({ n: count() }).from(userOffers).$dynamic(),
    {
      where: and(
        withinRange(userOffers.createdAt, query.timeRange),
        or(
          searchAny(query.search, [userOffers.action, userOffers.userId, sql`${userOffers.offerId}::text`]),
          userMatches(db, userOffers.userId, query.search),
        ),
      ),
      orderBy: orderFor(
        query.sort,
        {
          action: userOffers.action,
          entryAmount: userOffers.entryAmountCents,
          profitPercent: userOffers.profitPercent,
          createdAt: userOffers.createdAt,
        },
        { key: 'createdAt', direction: 'desc' },
        userOffers.id,
      ),
      slice: pageSlice(query),
    },
  );
  return {
    total,
    records: rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      offerId: row.offerId,
      action: row.action === 'accepted' ? 'accept' : 'reject',
      entryAmount: row.entryAmountCents === null ? null : toDollars(row.entryAmountCents),
      profitPercent: row.profitPercent,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
