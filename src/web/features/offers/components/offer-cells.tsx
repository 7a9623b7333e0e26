import type { RiskLevel } from '../../../../contract/enums';
import type { Offer } from '../../../../contract/offers';
import { NOT_AVAILABLE, capitalize, formatMoney } from '../../../lib/format';

const riskClass: Record<RiskLevel, string> = {
  low: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30',
  medium: 'bg-amber-500/15 text-amber-300 ring-amber-500/30',
  high: 'bg-red-500/15 text-red-300 ring-red-500/30',
};

const badge = 'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

export function RiskBadge({ risk }: { risk: RiskLevel }) {
  return <span className={`${badge} ${riskClass[risk]}`}>{capitalize(risk)}</span>;
}

export function StatusBadge({ status }: { status: Offer['status'] }) {
  const tone =
    status === 'hot'
      ? 'bg-red-500/15 text-red-300 ring-red-500/30'
      : status === 'open'
        ? 'bg-sky-500/15 text-sky-300 ring-sky-500/30'
        : 'bg-slate-500/15 text-slate-300 ring-slate-500/30';
  return <span className={`${badge} ${tone}`}>{capitalize(status)}</span>;
}

/** The pair's 24 h traded volume in dollars with cents (N/A when the server sent none). */
export function formatVolume(volume: number | null): string {
  return volume === null ? NOT_AVAILABLE : formatMoney(volume);
}

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 2,
});

/** '$44.82M' for the table's narrow column; the modal shows the full figure. */
export function formatCompactVolume(volume: number | null): string {
  return volume === null || !Number.isFinite(volume) ? NOT_AVAILABLE : compactDollars.format(volume);
}

/** '1x' (spot); N/A when unknown. */
export function formatLeverage(leverage: number | null): string {
  return leverage === null || !Number.isFinite(leverage) ? NOT_AVAILABLE : `${leverage}x`;
}
