/**
 * Candles: stored once (inserts skip existing ones), read oldest first, aged out by retention.
 * They go in through `unnest` of array parameters — one statement per chunk of rows, PGlite
 * included — instead of one bind parameter per cell.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { candles, type CandleInterval } from '../../db/schema';
import type { Candle } from '../../shared/candles';
import { numeric } from './market.repo';

/*
 * A backfill stores thousands of candles per pair. In statements of 200 rows each holds the
 * database for a few milliseconds, so requests queued on PGlite's single connection (or a small
 * pool) run in between instead of after the whole pair. Every statement is a round trip (to
 * PGlite's thread or to PostgreSQL), so the event loop turns between them without help.
 */
const CANDLE_CHUNK = 200;
const iso = (ms: number) => new Date(ms).toISOString();

export function createCandlesRepo(db: Queryable) {
  return {
    /** Earliest and latest open time (ms) stored from `since` on. */
    async candleRange(pairId: number, interval: CandleInterval, since: number) {
      const result = await db.execute<{ first: string | null; last: string | null }>(sql`
        select (extract(epoch from min(open_time)) * 1000)::bigint::text as first,
               (extract(epoch from max(open_time)) * 1000)::bigint::text as last
        from candles
        where pair_id = ${pairId} and interval = ${interval} and open_time >= ${iso(since)}::timestamptz`);
      const row = result.rows[0];
      return {
        first: row?.first == null ? undefined : Number(row.first),
        last: row?.last == null ? undefined : Number(row.last),
      };
    },

    async candleCount(pairId: number, interval: CandleInterval, since: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(candles)
        .where(
          and(
            eq(candles.pairId, pairId),
            eq(candles.interval, interval),
            sql`${candles.openTime} >= ${iso(since)}::timestamptz`,
          ),
        );
      return row?.n ?? 0;
    },

    /** Inserts candles, skipping those already stored (same pair, interval, open time); returns how many went in. */
    async insertCandles(pairId: number, interval: CandleInterval, rows: readonly Candle[]): Promise<number> {
      let inserted = 0;
      for (let i = 0; i < rows.length; i += CANDLE_CHUNK) {
        const chunk = rows.slice(i, i + CANDLE_CHUNK);
        const column = (pick: (c: Candle) => number) => `{${chunk.map((c) => numeric(pick(c))).join(',')}}`;
        const result = await db.execute<{ inserted: number }>(sql`
          with added as (
            insert into candles (pair_id, interval, open_time, open, high, low, close, volume)
            select ${pairId}::int, ${interval}::text, timestamptz 'epoch' + u.t * interval '1 millisecond',
                   u.o, u.h, u.l, u.c, u.v
            from unnest(${column((c) => c.time)}::bigint[], ${column((c) => c.open)}::numeric[],
                        ${column((c) => c.high)}::numeric[], ${column((c) => c.low)}::numeric[],
                        ${column((c) => c.close)}::numeric[], ${column((c) => c.volume)}::numeric[])
                 as u(t, o, h, l, c, v)
            on conflict do nothing
            returning 1
          )
          select count(*)::int as inserted from added`);
        inserted += result.rows[0]?.inserted ?? 0;
      }
      return inserted;
    },

    /**
     * Candles from `since` (to `until`), oldest first. Read in pages of CANDLE_CHUNK with a turn of
     * the event loop between them, as plain numbers (float8 and epoch ms, no NUMERIC strings or
     * Dates to convert): a 90-day read never holds PGlite's connection, or the thread, for long.
     */
    async candles(
      pairId: number,
      interval: CandleInterval,
      since: number,
      until?: number,
    ): Promise<Candle[]> {
      const out: Candle[] = [];
      let from = since;
      let inclusive = true;
      for (;;) {
        const rows = await db
          .select({
            time: sql<number>`(extract(epoch from ${candles.openTime}) * 1000)::float8`,
            open: sql<number>`${candles.open}::float8`,
            high: sql<number>`${candles.high}::float8`,
            low: sql<number>`${candles.low}::float8`,
            close: sql<number>`${candles.close}::float8`,
            volume: sql<number>`${candles.volume}::float8`,
          })
          .from(candles)
          .where(
            and(
              eq(candles.pairId, pairId),
              eq(candles.interval, interval),
              inclusive
                ? sql`${candles.openTime} >= ${iso(from)}::timestamptz`
                : sql`${candles.openTime} > ${iso(from)}::timestamptz`,
              until === undefined ? undefined : sql`${candles.openTime} < ${iso(until)}::timestamptz`,
            ),
          )
          .orderBy(asc(candles.openTime))
          .limit(CANDLE_CHUNK);
        for (const row of rows)
          out.push({
            time: Number(row.time),
            open: Number(row.open),
            high: Number(row.high),
            low: Number(row.low),
            close: Number(row.close),
            volume: Number(row.volume),
          });
        const last = rows.at(-1);
        if (!last || rows.length < CANDLE_CHUNK) return out;
        from = Number(last.time);
        inclusive = false;
      }
    },

    async deleteCandlesBefore(interval: CandleInterval, cutoff: number): Promise<number> {
      const result = await db.execute<{ n: number }>(sql`
        with removed as (
          delete from candles where interval = ${interval} and open_time < ${iso(cutoff)}::timestamptz
          returning 1
        )
        select count(*)::int as n from removed`);
      return result.rows[0]?.n ?? 0;
    },

    /**
     * The 24 hourly candles up to the pair's latest one, folded into one: range, base volume, first
     * open, last close. Anchored on the data, not the wall clock (a replayed market runs on its own).
     */
    async lastDay(pairId: number) {
      const [row] = await db
        .select({
          high: sql<string | null>`max(${candles.high})`,
          low: sql<string | null>`min(${candles.low})`,
          volume: sql<string | null>`sum(${candles.volume})`,
          open: sql<string | null>`(array_agg(${candles.open} order by ${candles.openTime} asc))[1]`,
          close: sql<string | null>`(array_agg(${candles.close} order by ${candles.openTime} desc))[1]`,
          lastOpen: sql<string | null>`max(${candles.openTime})`,
        })
        .from(candles)
        .where(
          and(
            eq(candles.pairId, pairId),
            eq(candles.interval, '1h'),
            sql`${candles.openTime} > (select max(c.open_time) - interval '24 hours' from ${candles} c where c.pair_id = ${pairId} and c.interval = '1h')`,
          ),
        );
      if (!row?.close || !row.open || !row.high || !row.low || !row.lastOpen) return null;
      return {
        high: Number(row.high),
        low: Number(row.low),
        volume: Number(row.volume ?? 0),
        open: Number(row.open),
        close: Number(row.close),
        closedAt: new Date(new Date(row.lastOpen).getTime() + 3_600_000),
      };
    },
  };
}

export type CandlesRepo = ReturnType<typeof createCandlesRepo>;
