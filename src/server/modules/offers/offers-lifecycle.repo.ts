/**
 * The write side of offers (publish, expiry, scoring) and the reads other modules need (live offers
 * per pair, settled outcomes for Signal Quality). The trader-facing list stays in offers.repo.ts.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { LiveGateOffer } from './gate-offer';
import { inValues, offers, realOfferOutcomes } from '../../db/schema';
import {
  commitOffer,
  commitOutcome,
  commitRevision,
  type OfferRevision,
  type OfferSettlement,
} from '../track-record/track-record.service';

export type NewOffer = typeof offers.$inferInsert;
const LIVE = ['open', 'hot'] as const;

export function createOffersLifecycleRepo(db: Database) {
  return {
    /** Sets heat and status on the pair's live offers whose heat or status differs; returns their ids. */
    async refreshLive(
      pairId: number,
      heatScore: number,
      status: 'open' | 'hot',
      now: Date,
    ): Promise<string[]> {
      const rows = await db
        .update(offers)
        .set({ heatScore, status, updatedAt: now })
        .where(
          and(
            eq(offers.pairId, pairId),
            inArray(offers.status, [...LIVE]),
            sql`(${offers.heatScore} <> ${heatScore} or ${offers.status} <> ${status})`,
          ),
        )
        .returning({ id: offers.id });
      return rows.map((r) => r.id);
    },

    /**
     * Inserts unless the pair already has a live offer of that position type (null then), and
     * commits it to the track record in the same transaction: no offer is ever listed uncommitted.
     */
    async insertLive(values: NewOffer, pair: string): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(offers)
          .values(values)
          .onConflictDoNothing({
            target: [offers.pairId, offers.positionType],
            where: sql`${offers.status} in ('open', 'hot')`,
          })
          .returning();
        if (!created) return null;
        await commitOffer(tx, { ...created, pair });
        return created.id;
      });
    },

    /** The offer an analysis published, if it did (an analysis publishes at most one). */
    async offerOfAnalysis(analysisId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: offers.id })
        .from(offers)
        .where(eq(offers.analysisId, analysisId))
        .limit(1);
      return row?.id ?? null;
    },

    async liveId(pairId: number, positionType: NewOffer['positionType']): Promise<string | null> {
      const [live] = await db
        .select({ id: offers.id })
        .from(offers)
        .where(
          and(
            eq(offers.pairId, pairId),
            eq(offers.positionType, positionType),
            inArray(offers.status, [...LIVE]),
          ),
        );
      return live?.id ?? null;
    },

    /** The pair's live offers that a gate family published, with the position each one holds. */
    async liveFamilyOffers(pairId: number): Promise<(LiveGateOffer & { entryAt: number })[]> {
      const rows = await db
        .select({
          id: offers.id,
          positionType: offers.positionType,
          family: sql<string>`${offers.provenance} #>> '{gate,family}'`,
          decidedAt: sql<string>`${offers.provenance} #>> '{gate,decidedAt}'`,
          // The publisher records every gate offer's entry (offer-publisher.ts).
          entryAt: sql<string>`${offers.provenance} ->> 'entryAt'`,
        })
        .from(offers)
        .where(
          and(
            eq(offers.pairId, pairId),
            inArray(offers.status, [...LIVE]),
            sql`${offers.provenance} #>> '{gate,family}' is not null`,
          ),
        );
      return rows.map((row) => ({ ...row, entryAt: Date.parse(row.entryAt) }));
    },

    /**
     * Moves a live offer's end: later when its family holds the position on (recording the decision
     * that did), or to now when the family let it go. False when the offer is no longer live.
     */
    async moveEnd(
      id: string,
      end: { expiresAt: Date; horizonMinutes?: number; decidedAt?: string; now: Date },
    ): Promise<boolean> {
      const provenance = end.decidedAt
        ? sql`jsonb_set(${offers.provenance}, '{gate,decidedAt}', to_jsonb(${end.decidedAt}::text))`
        : offers.provenance;
      return db.transaction(async (tx) => {
        const [moved] = await tx
          .update(offers)
          .set({
            expiresAt: end.expiresAt,
            horizonMinutes: end.horizonMinutes,
            provenance,
            updatedAt: end.now,
          })
          .where(and(eq(offers.id, id), inArray(offers.status, [...LIVE])))
          .returning({ horizonMinutes: offers.horizonMinutes });
        if (!moved) return false;
        const revision: OfferRevision = {
          change: end.decidedAt ? 'extended' : 'ended',
          horizonMinutes: moved.horizonMinutes,
          decidedAt: end.decidedAt ?? null,
          at: end.now,
        };
        await commitRevision(tx, id, revision);
        return true;
      });
    },

    /** Live offers of these pairs not yet past expiry, hottest first. */
    async live(pairIds: number[], now: Date) {
      if (pairIds.length === 0) return [];
      return db
        .select({
          id: offers.id,
          pairId: offers.pairId,
          positionType: offers.positionType,
          heatScore: offers.heatScore,
          status: offers.status,
          expiresAt: offers.expiresAt,
        })
        .from(offers)
        .where(
          and(inArray(offers.pairId, pairIds), inArray(offers.status, [...LIVE]), gt(offers.expiresAt, now)),
        )
        .orderBy(desc(offers.heatScore), desc(offers.createdAt));
    },

    async expireDue(now: Date): Promise<string[]> {
      const rows = await db
        .update(offers)
        .set({ status: 'expired', updatedAt: now })
        .where(and(inArray(offers.status, [...LIVE]), lte(offers.expiresAt, now)))
        .returning({ id: offers.id });
      return rows.map((r) => r.id);
    },

    /** Unscored offers a page at a time, in id order (keyset: after the given id). */
    unscored(limit: number, afterId?: string) {
      return db
        .select({
          id: offers.id,
          pairId: offers.pairId,
          side: offers.side,
          entryPrice: offers.entryPrice,
          takeProfitPercent: offers.takeProfitPercent,
          stopLossPercent: offers.stopLossPercent,
          horizonMinutes: offers.horizonMinutes,
          feePercent: offers.feePercent,
          provenance: offers.provenance,
        })
        .from(offers)
        .where(and(isNull(offers.outcome), afterId ? gt(offers.id, afterId) : undefined))
        .orderBy(asc(offers.id))
        .limit(limit);
    },

    /** Settles an unscored offer and appends its outcome to the track record, together. */
    async setOutcome(id: string, settled: OfferSettlement): Promise<void> {
      await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(offers)
          .set({ outcome: settled.outcome, outcomeReason: settled.reason, outcomeAt: settled.at })
          .where(and(eq(offers.id, id), isNull(offers.outcome)))
          .returning({ id: offers.id });
        // Another worker settled it first: its outcome entry is already appended.
        if (updated) await commitOutcome(tx, id, settled);
      });
    },

    /** Settled offers (real outcomes only) grouped by position type, risk, band of prediction and outcome. */
    outcomeStats(since: Date | null) {
      return db
        .select({
          positionType: offers.positionType,
          riskLevel: offers.riskLevel,
          band: sql<number>`least(9, floor(${offers.successRate} / 10))::int`,
          outcome: offers.outcome,
          n: sql<number>`count(*)::int`,
          predictedSum: sql<number>`sum(${offers.successRate})::float8`,
          brierSum: sql<number>`sum(power(${offers.successRate} / 100 - case when ${offers.outcome} = 'succeeded' then 1 else 0 end, 2))::float8`,
        })
        .from(offers)
        .where(
          and(inValues(offers.outcome, realOfferOutcomes), since ? gte(offers.createdAt, since) : undefined),
        )
        .groupBy(offers.positionType, offers.riskLevel, sql`3`, offers.outcome);
    },

    /** Every offer published since then, counted by outcome (null: not scored yet). */
    outcomeTally(since: Date | null) {
      return db
        .select({ outcome: offers.outcome, n: sql<number>`count(*)::int` })
        .from(offers)
        .where(since ? gte(offers.createdAt, since) : undefined)
        .groupBy(offers.outcome);
    },
  };
}

export type OffersLifecycleRepo = ReturnType<typeof createOffersLifecycleRepo>;
