import type { AdminOfferRecord } from '../../../contract/admin-records';

/** The stored offer fields an admin record shows. */
interface OfferRow {
  id: string;
  positionType: AdminOfferRecord['positionType'];
  heatScore: number;
  successRate: number;
  status: AdminOfferRecord['status'];
  outcome: AdminOfferRecord['outcome'] | 'unscoreable';
  updatedAt: Date;
}

/** An offer as the admin lists and the pair-details modal show it. */
export function adminOfferRecord(row: OfferRow, pair: string): AdminOfferRecord {
  return {
    id: row.id,
    pair,
    positionType: row.positionType,
    heatScore: row.heatScore,
    successRate: row.successRate,
    status: row.status,
    // As offer-dto: an unscoreable offer has no outcome to show.
    outcome: row.outcome === 'unscoreable' ? null : row.outcome,
    updatedAt: row.updatedAt.toISOString(),
  };
}
