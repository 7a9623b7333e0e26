import { pairSymbolSchema, timeRangeSchema, type TimeRange } from '../../../../contract/common';

/*
 * The page's filters in the address bar (`?family=…&pair=…&period=…`), so a filtered view can be
 * shared. A value the server would refuse is dropped rather than sent: a hand-edited link still
 * shows the whole record instead of an error. Defaults are left out, so one view has one address.
 */

export interface TrackRecordFilters {
  family?: string;
  pair?: string;
  period: TimeRange;
}

export const DEFAULT_PERIOD: TimeRange = 'all';

/** The contract's bound on a family name. */
const FAMILY_MAX_LENGTH = 64;

function parseFamily(raw: string | null): string | undefined {
  const family = raw?.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (!family || family.length > FAMILY_MAX_LENGTH || /[\u0000-\u001f\u007f]/.test(family)) return undefined;
  return family;
}

export function parseTrackRecordFilters(params: URLSearchParams): TrackRecordFilters {
  const pair = pairSymbolSchema.safeParse(params.get('pair'));
  const period = timeRangeSchema.safeParse(params.get('period'));
  return {
    family: parseFamily(params.get('family')),
    pair: pair.success ? pair.data : undefined,
    period: period.success ? period.data : DEFAULT_PERIOD,
  };
}

export function serializeTrackRecordFilters(filters: TrackRecordFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.family) params.set('family', filters.family);
  if (filters.pair) params.set('pair', filters.pair);
  if (filters.period !== DEFAULT_PERIOD) params.set('period', filters.period);
  return params;
}
