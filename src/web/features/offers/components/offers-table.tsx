import type { KeyboardEvent, MouseEvent } from 'react';
import type { Offer } from '../../../../contract/offers';
import { Button } from '../../../components/ui/button';
import { formatDecimal, formatPercent, formatPositionType } from '../../../lib/format';
import { HEAT_BORDER_CLASS, heatBand } from '../../../lib/heat-band';
import { RiskBadge, StatusBadge, formatCompactVolume, formatLeverage, formatVolume } from './offer-cells';
import { DateTimeLines } from '../../../components/ui/date-time-lines';

/** Trader spec 2.7: rows shown while the list loads. */
const SKELETON_ROWS = 5;

const HEADERS = [
  'Pair',
  'Expected Profit',
  'Risk Level',
  'Success Rate',
  'Heat Score',
  'Position Type',
  'Status',
  'Created At',
  'Volume',
  'Leverage',
  'Actions',
] as const;

const NUMERIC_HEADERS = new Set<string>([
  'Expected Profit',
  'Success Rate',
  'Heat Score',
  'Volume',
  'Leverage',
]);

const cell = 'whitespace-nowrap px-2 py-2.5';
const numeric = `${cell} text-right tabular-nums`;
/** 'ML scalp bullish' may take two lines, so the Actions column stays on a laptop screen. */
const wrapping = 'px-2 py-2.5';
/** Row buttons a little smaller than the page's, so all eleven columns fit a laptop screen. */
const compactButton = 'px-3! py-1.5!';

interface OffersTableProps {
  caption: string;
  offers: readonly Offer[];
  loading: boolean;
  onOpen: (offer: Offer) => void;
  /** The pair cell's button: the pair-details modal. */
  onPair: (pair: string) => void;
  onAccept: (offer: Offer) => void;
  onReject: (offer: Offer) => void;
  /** The offer whose accept or reject is in flight: its buttons wait. */
  busyOfferId: string | null;
}

/**
 * The offers table (trader spec 2.7). A row opens the offer-details modal (by click, or Enter /
 * Space when focused); its pair opens the pair-details modal; its Accept opens the offer-details
 * modal so the amount can be set, its Reject asks for confirmation. The row's left border shows
 * its heat band.
 */
export function OffersTable({
  caption,
  offers,
  loading,
  onOpen,
  onPair,
  onAccept,
  onReject,
  busyOfferId,
}: OffersTableProps) {
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, offer: Offer) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(offer);
    }
  };
  const action = (handler: (offer: Offer) => void, offer: Offer) => (event: MouseEvent) => {
    // The row's own click would open the offer-details modal as well.
    event.stopPropagation();
    handler(offer);
  };

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-700" aria-busy={loading || undefined}>
      <table className="min-w-full divide-y divide-slate-700 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-900/80 text-xs uppercase text-slate-400">
          <tr className="border-l-4 border-l-transparent">
            {HEADERS.map((header) => (
              <th
                key={header}
                scope="col"
                className={`px-2 py-2.5 align-bottom font-semibold ${NUMERIC_HEADERS.has(header) ? 'text-right' : ''}`}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800 text-slate-200">
          {loading ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => <SkeletonRow key={i} />)
          ) : offers.length === 0 ? (
            <tr>
              <td colSpan={HEADERS.length} className="px-3 py-8 text-center text-slate-400">
                No offers available
              </td>
            </tr>
          ) : (
            offers.map((offer) => {
              const busy = busyOfferId === offer.id;
              return (
                <tr
                  key={offer.id}
                  tabIndex={0}
                  aria-label={`${offer.pair} ${formatPositionType(offer.positionType)} offer`}
                  data-heat-band={heatBand(offer.heatScore)}
                  onClick={() => onOpen(offer)}
                  onKeyDown={(event) => onRowKey(event, offer)}
                  className={`cursor-pointer border-l-4 hover:bg-slate-800/60 focus-visible:bg-slate-800/60 focus-visible:outline-none ${HEAT_BORDER_CLASS[heatBand(offer.heatScore)]}`}
                >
                  <td className={`${cell} font-medium text-white`}>
                    <button
                      type="button"
                      onClick={action((o) => onPair(o.pair), offer)}
                      className="rounded font-medium text-white underline decoration-slate-500 decoration-dotted underline-offset-4 hover:text-orange-300 focus-visible:outline-2 focus-visible:outline-orange-400"
                    >
                      {offer.pair}
                    </button>
                  </td>
                  <td className={numeric}>{formatPercent(offer.expectedProfitPercent)}</td>
                  <td className={cell}>
                    <RiskBadge risk={offer.riskLevel} />
                  </td>
                  <td className={numeric}>{formatPercent(offer.successRate)}</td>
                  <td className={numeric}>{formatDecimal(offer.heatScore)}</td>
                  <td className={wrapping}>{formatPositionType(offer.positionType)}</td>
                  <td className={cell}>
                    <StatusBadge status={offer.status} />
                  </td>
                  <td className={cell}>
                    <DateTimeLines value={offer.createdAt} />
                  </td>
                  <td className={numeric} title={formatVolume(offer.volume)}>
                    {formatCompactVolume(offer.volume)}
                  </td>
                  <td className={numeric}>{formatLeverage(offer.leverage)}</td>
                  <td className={cell}>
                    <div className="flex gap-1.5">
                      <Button className={compactButton} disabled={busy} onClick={action(onAccept, offer)}>
                        Accept
                      </Button>
                      <Button
                        variant="secondary"
                        className={compactButton}
                        disabled={busy}
                        onClick={action(onReject, offer)}
                      >
                        Reject
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

function SkeletonRow() {
  return (
    <tr data-testid="offer-skeleton-row" className="border-l-4 border-l-slate-700">
      {HEADERS.map((header) => (
        <td key={header} className={cell}>
          <span className="block h-4 w-full min-w-12 animate-pulse rounded bg-slate-700/70" />
        </td>
      ))}
    </tr>
  );
}
