import {
  offerProvenanceSchema,
  offerSchema,
  type Offer,
  type OfferProvenance,
} from '../../../contract/offers';
import type { offers } from '../../db/schema';

export type OfferRow = typeof offers.$inferSelect;

export interface OfferExtras {
  /** The pair's 24 h volume in the quote currency; null unless asked for (`include=volume`). */
  volume?: number | null;
  /** null unless asked for (`include=leverage`). */
  leverage?: number | null;
}

const numbersOnly = (value: unknown): Record<string, number> => {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]),
    ),
  );
};

const validDate = (text: string | null) => {
  const date = text ? new Date(text) : null;
  return date && Number.isFinite(date.getTime()) ? date : null;
};

const gateSchema = offerProvenanceSchema.shape.gate;

/** How the offer was published, from what its provenance recorded (offer-publisher.ts). */
function publicationOf(provenance: Record<string, unknown>): Pick<OfferProvenance, 'publishedBy' | 'gate'> {
  const gate = gateSchema.safeParse(provenance.gate ?? null);
  if (gate.success && gate.data) return { publishedBy: 'gate', gate: gate.data };
  return { publishedBy: provenance.bypassedThresholds === true ? 'bypass' : 'thresholds', gate: null };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * An offers row as the contract's Offer. Also what `new_offer` / `offer_update` events carry.
 * progrev_score is nullable in the table only for generality: the engine always sets it, and an
 * unknown probability is shown as the uninformative 0.5 rather than as a confident 0.
 */
export function toOffer(row: OfferRow, pair: string, extras: OfferExtras = {}): Offer {
  const provenance = row.provenance ?? {};
  const text = (key: string) => (typeof provenance[key] === 'string' ? provenance[key] : null);
  return offerSchema.parse({
    id: row.id,
    pair,
    positionType: row.positionType,
    expectedProfitPercent: row.expectedProfitPercent,
    riskLevel: row.riskLevel,
    successRate: clamp(row.successRate, 0, 100),
    heatScore: clamp(row.heatScore, 0, 100),
    progrevScore: clamp(row.progrevScore ?? 0.5, 0, 1),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiration: row.expiresAt.toISOString(),
    aiComments: { summary: row.aiSummary?.trim() || 'None' },
    volume: extras.volume == null ? null : round2(extras.volume),
    leverage: extras.leverage ?? null,
    provenance: {
      figures: numbersOnly(provenance.figures),
      triggerId: row.triggerId,
      dataCutoff: (row.dataCutoff ?? validDate(text('dataCutoff')) ?? row.createdAt).toISOString(),
      engineVersion: row.engineVersion ?? text('engineVersion') ?? 'unknown',
      sampleSize: row.sampleSize,
      ...publicationOf(provenance),
    },
    successDefinition: {
      takeProfitPercent: row.takeProfitPercent,
      stopLossPercent: row.stopLossPercent,
      horizonMinutes: row.horizonMinutes,
      feePercent: row.feePercent,
    },
    // An unscoreable offer has no outcome to show: the API's outcome stays null (not scored).
    outcome: row.outcome === 'unscoreable' ? null : row.outcome,
    outcomeAt: row.outcomeAt?.toISOString() ?? null,
  });
}
