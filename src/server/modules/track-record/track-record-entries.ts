/**
 * The entries of the track record, as committed (canonical JSON, canonical-json.ts). Each holds
 * what a visitor needs to judge the offer without trusting anything else we serve: what was
 * offered and when, every later move of its horizon, and how it ended. Instants are ISO 8601 UTC;
 * `entryAt`, `decidedAt` and `exitAt` are market time (the simulated and replay markets run on a
 * clock of their own), the others the server's.
 */
import { canonicalJson } from './canonical-json';

export interface OfferEntry {
  kind: 'offer';
  offerId: string;
  pair: string;
  side: 'buy' | 'sell';
  positionType: string;
  riskLevel: string;
  /** As the exchange quotes it (a decimal string: no float rounding). */
  entryPrice: string;
  entryAt: string | null;
  takeProfitPercent: number | null;
  stopLossPercent: number | null;
  horizonMinutes: number;
  successRate: number;
  expectedProfitPercent: number;
  /** Round trip, percent of the entry. */
  feePercent: number;
  family: string | null;
  bypass: boolean;
  /** The family's figures when the gate published it. */
  gate: {
    variant: string;
    decidedAt: string;
    trades: number;
    tStat: number;
    lowerBoundPercent: number;
    deflatedSharpe: number;
    pbo: number;
    trials: number;
  } | null;
  engineVersion: string | null;
  dataCutoff: string | null;
  publishedAt: string;
}

/** A committed offer's horizon moved: its family held the position on, or let it go. */
export interface RevisionEntry {
  kind: 'revision';
  offerId: string;
  /** The seq of the offer's commitment. */
  commitment: number;
  change: 'extended' | 'ended';
  /** The horizon from the entry after this change. */
  horizonMinutes: number;
  /** The decision that held it on (extended only). */
  decidedAt: string | null;
  revisedAt: string;
}

export interface OutcomeEntry {
  kind: 'outcome';
  offerId: string;
  commitment: number;
  outcome: 'succeeded' | 'failed' | 'neither' | 'unscoreable';
  /** Why it can never be judged (unscoreable only). */
  reason: string | null;
  exitPrice: number | null;
  exitAt: string | null;
  /** Net of the committed round-trip fee, percent of the entry; null when unscoreable. */
  netReturnPercent: number | null;
  settledAt: string;
}

export type TrackRecordEntry = OfferEntry | RevisionEntry | OutcomeEntry;

/** The text that is hashed and stored (the export's `entry`, written canonically). */
export const entryBody = (entry: TrackRecordEntry): string => canonicalJson({ ...entry });

const iso = (at: Date | number | null | undefined) =>
  at === null || at === undefined ? null : new Date(at).toISOString();

/** The offer as the publisher inserted it (offers.$inferInsert, with the id it was given). */
export interface PublishedOffer {
  id: string;
  pair: string;
  side: 'buy' | 'sell';
  positionType: string;
  riskLevel: string;
  entryPrice: string;
  takeProfitPercent?: number | null;
  stopLossPercent?: number | null;
  horizonMinutes: number;
  successRate: number;
  expectedProfitPercent: number;
  feePercent?: number;
  engineVersion?: string | null;
  dataCutoff?: Date | null;
  createdAt?: Date;
  provenance?: Record<string, unknown> | null;
}

export function offerEntry(offer: PublishedOffer): OfferEntry {
  const provenance = offer.provenance ?? {};
  const gate = provenance.gate as (OfferEntry['gate'] & { family: string }) | null | undefined;
  const entryAt = typeof provenance.entryAt === 'string' ? provenance.entryAt : null;
  return {
    kind: 'offer',
    offerId: offer.id,
    pair: offer.pair,
    side: offer.side,
    positionType: offer.positionType,
    riskLevel: offer.riskLevel,
    entryPrice: offer.entryPrice,
    entryAt,
    takeProfitPercent: offer.takeProfitPercent ?? null,
    stopLossPercent: offer.stopLossPercent ?? null,
    horizonMinutes: offer.horizonMinutes,
    successRate: offer.successRate,
    expectedProfitPercent: offer.expectedProfitPercent,
    feePercent: offer.feePercent ?? 0,
    family: gate?.family ?? null,
    bypass: provenance.bypassedThresholds === true,
    gate: gate
      ? {
          variant: gate.variant,
          decidedAt: gate.decidedAt,
          trades: gate.trades,
          tStat: gate.tStat,
          lowerBoundPercent: gate.lowerBoundPercent,
          deflatedSharpe: gate.deflatedSharpe,
          pbo: gate.pbo,
          trials: gate.trials,
        }
      : null,
    engineVersion: offer.engineVersion ?? null,
    dataCutoff: iso(offer.dataCutoff),
    publishedAt: iso(offer.createdAt ?? new Date())!,
  };
}

export interface OfferSettlement {
  outcome: OutcomeEntry['outcome'];
  reason: string | null;
  at: Date;
  exit: { exitPrice: number; exitAt: number; netPercent: number } | null;
}

export function outcomeEntry(offerId: string, commitment: number, settled: OfferSettlement): OutcomeEntry {
  return {
    kind: 'outcome',
    offerId,
    commitment,
    outcome: settled.outcome,
    reason: settled.reason,
    exitPrice: settled.exit?.exitPrice ?? null,
    exitAt: iso(settled.exit?.exitAt),
    netReturnPercent: settled.exit?.netPercent ?? null,
    settledAt: settled.at.toISOString(),
  };
}

export interface OfferRevision {
  change: RevisionEntry['change'];
  horizonMinutes: number;
  decidedAt: string | null;
  at: Date;
}

export function revisionEntry(offerId: string, commitment: number, revision: OfferRevision): RevisionEntry {
  return {
    kind: 'revision',
    offerId,
    commitment,
    change: revision.change,
    horizonMinutes: revision.horizonMinutes,
    decidedAt: revision.decidedAt,
    revisedAt: revision.at.toISOString(),
  };
}
