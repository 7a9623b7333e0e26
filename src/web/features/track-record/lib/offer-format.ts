import type { TrackRecordOffer } from '../../../../contract/track-record';

export const OUTCOME_LABELS: Record<TrackRecordOffer['outcome'], string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  neither: 'Neither',
  unscoreable: 'Unscoreable',
};

/**
 * 1440 → '1 day', 4320 → '3 days', 240 → '4 h', 90 → '90 min', 1195 → '19 h 55 min',
 * 2721 → '1 day 21 h' (past a day, to the hour: a family's horizon ends at a daily close).
 */
export function formatHorizon(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? '1 day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0 && minutes < 1440) return `${minutes / 60} h`;
  if (minutes < 120) return `${minutes} min`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  const days = Math.floor(minutes / 1440);
  const hours = Math.round((minutes % 1440) / 60);
  if (hours === 24) return `${days + 1} days`;
  const dayText = days === 1 ? '1 day' : `${days} days`;
  return hours === 0 ? dayText : `${dayText} ${hours} h`;
}

/** The commitment hash in a narrow cell: enough of it to find in the export. */
export function shortHash(hash: string): string {
  return hash.length > 12 ? `${hash.slice(0, 12)}…` : hash;
}
