import { useMemo } from 'react';
import type { TickerHistory } from '../../../../contract/admin-pair-details';
import { LazyChart } from '../../../components/charts';
import { DetailRow } from '../../../components/ui/detail-row';
import { adminFormat } from '../../../lib/admin-format';
import { buildHistoryOption, formatClock } from '../lib/history-option';

const HEIGHT = 220;

/** Ticker History: price and volume line charts of the last 12 h, and their summary. */
export function TickerHistoryTab({ pair, history }: { pair: string; history: TickerHistory }) {
  const { price, volume, summary } = history;
  const priceOption = useMemo(() => buildHistoryOption(price, 'Price', '#fb923c'), [price]);
  const volumeOption = useMemo(() => buildHistoryOption(volume, 'Volume (USD)', '#38bdf8'), [volume]);
  if (!summary || price.length === 0) {
    return <p className="text-slate-400">No ticker history for this pair in the last 12 hours</p>;
  }
  const span = `from ${formatClock(price[0]!.x)} to ${formatClock(price.at(-1)!.x)}`;
  const rows: [string, string][] = [
    ['First', adminFormat.price(summary.first)],
    ['Last', adminFormat.price(summary.last)],
    ['High', adminFormat.price(summary.high)],
    ['Low', adminFormat.price(summary.low)],
    ['Change %', adminFormat.percentage(summary.changePercent)],
    ['Total Volume (USD)', adminFormat.money(summary.totalVolume)],
  ];
  return (
    <div className="space-y-4">
      <section aria-label="Price (last 12 hours)">
        <h3 className="mb-1 text-sm font-semibold text-slate-200">Price (last 12 hours)</h3>
        <LazyChart option={priceOption} height={HEIGHT} ariaLabel={`Price of ${pair} ${span}`} />
      </section>
      <section aria-label="Volume (last 12 hours)">
        <h3 className="mb-1 text-sm font-semibold text-slate-200">Volume (last 12 hours)</h3>
        <LazyChart option={volumeOption} height={HEIGHT} ariaLabel={`Volume of ${pair} in USD ${span}`} />
      </section>
      <section aria-label="Summary">
        <h3 className="mb-2 text-sm font-semibold text-slate-200">Summary</h3>
        <dl className="space-y-2 text-sm">
          {rows.map(([term, value]) => (
            <DetailRow key={term} term={term}>
              {value}
            </DetailRow>
          ))}
        </dl>
      </section>
    </div>
  );
}
