import type { TrackRecordOffer } from '../../../../contract/track-record';

export const OUTCOME_LABELS: Record<TrackRecordOffer['outcome'], string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  neither: 'Neither',
  unscoreable: 'Unscoreable',
};

/** 1440 → '1 day', 4320 → '3 days', 240 → '4 h', 90 → '90 min'. */
export function formatHorizon(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? '1 day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}

/** The commitment hash in a narrow cell: enough of it to find in the export. */
export function shortHash(hash: string): string {
  return hash.length > 12 ? `${hash.slice(0, 12)}…` : hash;
}
