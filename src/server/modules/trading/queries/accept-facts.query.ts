/**
 * What an accept checks, read in one statement (the accept's read side, db/read-db.ts): the offer
 * and whether this trader already acted on it, its pair's price range since the offer's entry, the
 * trader's balances, the trades the guardrails judge, and the trader's default auto-close. On the
 * embedded database every statement queues behind every other request's, so four reads in one are
 * what lets accepts keep pace with the money writes. Each module's rules still judge the figures
 * (offers' `offerForAccept`, entry-checks.ts, guardrails.ts); this file only reads them.
 */
import { eq, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../../db/prepared';
import type { ReadDb } from '../../../db/read-db';
import {
  candles,
  cryptoPairs,
  ledgerAccounts,
  offers,
  trades,
  userOffers,
  userPreferences,
} from '../../../db/schema';
import type { OfferRow } from '../../offers/offer-dto';
import { balancesBy, type UserBalances } from '../../ledger/ledger.service';
import { isUuid } from '../../../shared/uuid';

/** The closed trades and open count the guardrails judge (guardrails.ts). */
export interface GuardrailFacts {
  open: number;
  /** Realised profit of the trades closed since the day's start, in cents (negative: a loss). */
  realisedCents: number;
  /** The latest closes, newest first, as many as the loss-streak rule looks at. */
  latestCloses: { profitCents: number; closedAt: Date }[];
}

export interface AcceptFacts {
  offer: OfferRow;
  pair: string;
  acted: boolean;
  /** The lowest low and highest high of the pair's minute candles since the offer's entry; null when none. */
  priceRange: { low: number; high: number } | null;
  balances: UserBalances;
  guardrails: GuardrailFacts;
  /** The trader's preferred auto-close, percent; null when they never saved preferences. */
  defaultAutoCloseProfitPercent: number | null;
}

/**
 * When the offer's price was taken: its recorded market time (`provenance.entryAt`, an ISO time),
 * else its creation — as `offerForAccept` reads `entryAt`.
 */
const entrySince = sql`coalesce(
  case when ${offers.provenance} ->> 'entryAt' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T'
       then (${offers.provenance} ->> 'entryAt')::timestamptz end,
  ${offers.createdAt})`;

const offerId = sql.placeholder('offerId');
const userId = sql.placeholder('userId');
const since = sql.placeholder('since');
const closes = sql.placeholder('closes');

/** Built once per database (db/prepared.ts): an accept runs it with new values. */
const statementOf = preparedPerDatabase((db: ReadDb) =>
  db
    .select({
      offer: offers,
      pair: cryptoPairs.symbol,
      acted: sql<boolean>`exists (select 1 from ${userOffers}
        where ${userOffers.userId} = ${userId} and ${userOffers.offerId} = ${offers.id})`,
      range: sql<[number | null, number | null]>`(
        select json_build_array(min(${candles.low})::float8, max(${candles.high})::float8) from ${candles}
        where ${candles.pairId} = ${offers.pairId} and ${candles.interval} = '1m'
          and ${candles.openTime} >= ${entrySince})`,
      balances: sql<Record<string, number>>`(
        select coalesce(json_object_agg(${ledgerAccounts.kind}, ${ledgerAccounts.balanceCents}), '{}'::json)
        from ${ledgerAccounts} where ${ledgerAccounts.userId} = ${userId})`,
      open: sql<number>`(select count(*)::int from ${trades}
        where ${trades.userId} = ${userId} and ${trades.status} = 'open')`,
      realised: sql<string | null>`(select sum(${trades.profitCents}) from ${trades}
        where ${trades.userId} = ${userId} and ${trades.status} = 'closed'
          and ${trades.closedAt} >= ${since}::timestamptz)`,
      latest: sql<[number, number][]>`(
        select coalesce(json_agg(json_build_array(c.profit, c.at) order by c.at desc), '[]'::json) from (
          select coalesce(${trades.profitCents}, 0) as profit,
                 coalesce(extract(epoch from ${trades.closedAt}) * 1000, 0)::float8 as at
          from ${trades} where ${trades.userId} = ${userId} and ${trades.status} = 'closed'
          order by ${trades.closedAt} desc limit ${closes}::int) c)`,
      autoClose: sql<number | null>`(select ${userPreferences.defaultAutoCloseProfitPercent}
        from ${userPreferences} where ${userPreferences.userId} = ${userId})`,
    })
    .from(offers)
    .innerJoin(cryptoPairs, eq(cryptoPairs.id, offers.pairId))
    .where(eq(offers.id, offerId))
    .prepare('accept_facts'),
);

/**
 * `since`: the start of the guardrails' day; `closes`: how many latest closes the loss-streak rule
 * looks at. Null for an id that is no offer (or whose pair is gone).
 */
export async function readAcceptFacts(
  db: ReadDb,
  input: { offerId: string; userId: string; since: Date; closes: number },
): Promise<AcceptFacts | null> {
  if (!isUuid(input.offerId)) return null;
  const [found] = await statementOf(db).execute({ ...input, since: input.since.toISOString() });
  if (!found) return null;
  const [low, high] = found.range;
  return {
    offer: found.offer,
    pair: found.pair,
    acted: found.acted,
    priceRange: low === null || high === null ? null : { low, high },
    balances: balancesBy((kind) => Number(found.balances[kind] ?? 0)),
    guardrails: {
      open: found.open,
      realisedCents: Number(found.realised ?? 0),
      latestCloses: found.latest.map(([profitCents, at]) => ({
        profitCents,
        closedAt: new Date(Math.floor(at)),
      })),
    },
    defaultAutoCloseProfitPercent: found.autoClose,
  };
}
