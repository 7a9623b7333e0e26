/**
 * The track_record table (migration 0018): appended through `track_record_append` only, read in
 * chain order for the export and as one row per committed offer for the public figures.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

export interface ChainHead {
  count: number;
  hash: string;
  recordedAt: Date | null;
}

/** One export line's parts, the instant already in the form that was hashed. */
export interface ChainRow {
  seq: number;
  recordedAt: string;
  body: string;
  prevHash: string;
  hash: string;
}

/** A committed offer with its latest horizon and its outcome, if appended. */
export interface RecordedOffer {
  seq: number;
  hash: string;
  offer: Record<string, unknown>;
  extensions: number;
  horizonMinutes: number | null;
  outcome: Record<string, unknown> | null;
}

export interface RecordFilter {
  family?: string;
  pair?: string;
  since: Date | null;
}

const asDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

export function createTrackRecordRepo(db: Queryable) {
  return {
    /** Appends one entry (inside the caller's transaction, so it commits with what it records). */
    async append(body: string): Promise<number> {
      const result = await db.execute<{ seq: string }>(
        sql`select track_record_append(${body}::text)::text as seq`,
      );
      return Number(result.rows[0]!.seq);
    },

    /** The seq of an offer's commitment; null for an offer published before the record began. */
    async commitmentOf(offerId: string): Promise<number | null> {
      const result = await db.execute<{ seq: string }>(
        sql`select seq::text as seq from track_record where offer_id = ${offerId}::uuid and kind = 'offer' limit 1`,
      );
      const row = result.rows[0];
      return row ? Number(row.seq) : null;
    },

    async head(): Promise<ChainHead> {
      const result = await db.execute<{ seq: string; hash: string; recorded_at: string }>(
        // Ordered by the column, not by the text alias of the same name.
        sql`select t.seq::text as seq, t.hash, t.recorded_at from track_record as t order by t.seq desc limit 1`,
      );
      const row = result.rows[0];
      if (!row) return { count: 0, hash: '', recordedAt: null };
      return { count: Number(row.seq), hash: row.hash, recordedAt: asDate(row.recorded_at) };
    },

    async startedAt(): Promise<Date | null> {
      const result = await db.execute<{ recorded_at: string }>(
        sql`select recorded_at from track_record where seq = 1`,
      );
      return asDate(result.rows[0]?.recorded_at);
    },

    /**
     * Entries after `afterSeq` up to `throughSeq`, in chain order, at most `limit`. The chain has no
     * gap, so the page is the seq range itself: each read touches `limit` rows whatever the plan (a
     * keyset `limit` over an open range let the planner sort the whole rest of the chain per page).
     */
    async page(afterSeq: number, throughSeq: number, limit: number): Promise<ChainRow[]> {
      const result = await db.execute<{
        seq: string;
        recorded_at: string;
        body: string;
        prev_hash: string;
        hash: string;
      }>(sql`
        select t.seq::text as seq, track_record_instant(t.recorded_at) as recorded_at, t.body, t.prev_hash, t.hash
        from track_record as t
        where t.seq > ${afterSeq} and t.seq <= ${Math.min(throughSeq, afterSeq + limit)}
        order by t.seq`);
      return result.rows.map((r) => ({
        seq: Number(r.seq),
        recordedAt: r.recorded_at,
        body: r.body,
        prevHash: r.prev_hash,
        hash: r.hash,
      }));
    },

    /** The families and pairs of every committed offer (the page's filters). */
    async options(): Promise<{ families: string[]; pairs: string[] }> {
      const result = await db.execute<{ family: string | null; pair: string }>(sql`
        select distinct entry ->> 'family' as family, entry ->> 'pair' as pair
        from track_record where kind = 'offer'`);
      const families = new Set<string>();
      const pairs = new Set<string>();
      for (const row of result.rows) {
        if (row.family) families.add(row.family);
        pairs.add(row.pair);
      }
      return { families: [...families].sort(), pairs: [...pairs].sort() };
    },

    /**
     * Every committed offer the filter matches, oldest first, with how many times its horizon was
     * extended, its horizon now and its outcome (the first outcome entry: there is only ever one).
     */
    async offers(filter: RecordFilter): Promise<RecordedOffer[]> {
      const result = await db.execute<{
        seq: string;
        hash: string;
        offer: Record<string, unknown> | string;
        extensions: string;
        horizon_minutes: string | null;
        outcome: Record<string, unknown> | string | null;
      }>(sql`
        select o.seq::text as seq, o.hash, o.entry as offer,
               coalesce(r.extensions, 0)::text as extensions, r.horizon_minutes::text as horizon_minutes,
               x.entry as outcome
        from track_record as o
        left join lateral (
          select count(*) filter (where entry ->> 'change' = 'extended') as extensions,
                 (array_agg(entry ->> 'horizonMinutes' order by seq desc))[1] as horizon_minutes
          from track_record
          where offer_id = o.offer_id and kind = 'revision'
        ) as r on true
        left join lateral (
          select entry from track_record
          where offer_id = o.offer_id and kind = 'outcome'
          order by seq limit 1
        ) as x on true
        where o.kind = 'offer'
          ${filter.family ? sql`and o.entry ->> 'family' = ${filter.family}` : sql``}
          ${filter.pair ? sql`and o.entry ->> 'pair' = ${filter.pair}` : sql``}
          ${filter.since ? sql`and o.recorded_at >= ${filter.since.toISOString()}::timestamptz` : sql``}
        order by o.seq`);
      const json = (value: Record<string, unknown> | string | null) =>
        typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value;
      return result.rows.map((r) => ({
        seq: Number(r.seq),
        hash: r.hash,
        offer: json(r.offer)!,
        extensions: Number(r.extensions),
        horizonMinutes: r.horizon_minutes === null ? null : Number(r.horizon_minutes),
        outcome: json(r.outcome),
      }));
    },
  };
}

export type TrackRecordRepo = ReturnType<typeof createTrackRecordRepo>;
