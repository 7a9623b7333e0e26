import { Link } from 'react-router';
import { useHeatSummary } from '../../api/get-heat-summary';
import { useLiveHeatSummary } from '../../hooks/use-live-heat-summary';
import { heatmapPairHref, selectTopPairs, type TopPair } from '../../lib/top-pairs';
import { LinkButton } from '../link-button';
import { PageContainer, SectionHeading } from '../page-container';
import { heatBand, type HeatBand } from '../../../../lib/heat-band';

/**
 * Landing "Hottest Market Opportunities". Until the chart panel (spec 2.4) lands, the top pairs
 * are shown as a simple list; the loading and empty texts are the spec's.
 */
export function HottestOpportunities() {
  const { data, isPending, isError } = useHeatSummary();
  useLiveHeatSummary();
  const topPairs = isError ? [] : selectTopPairs(data);

  return (
    <section aria-labelledby="hottest-title" className="border-t border-slate-800 py-20">
      <PageContainer>
        <SectionHeading
          id="hottest-title"
          title="Hottest Market Opportunities"
          lead="The three pairs with the highest heat score over the last 7 days."
        />
        <div className="rounded-xl border border-slate-700 bg-slate-800/40 p-6" aria-live="polite">
          {isPending ? (
            <p role="status" className="py-10 text-center text-slate-400">
              Loading market data...
            </p>
          ) : topPairs.length === 0 ? (
            <p className="py-10 text-center text-slate-400">No valid data available for charts.</p>
          ) : (
            <ol className="grid gap-4 md:grid-cols-3">
              {topPairs.map((pair, index) => (
                <TopPairItem key={pair.pair} pair={pair} rank={index + 1} />
              ))}
            </ol>
          )}
        </div>
        <div className="mt-8 text-center">
          <LinkButton to="/heatmap" variant="secondary">
            Explore Full Heatmap
          </LinkButton>
        </div>
      </PageContainer>
    </section>
  );
}

/** The landing card's colours for each heat band (shared rule: lib/heat-band.ts). */
const HEAT_COLOURS: Record<HeatBand, { border: string; text: string }> = {
  red: { border: 'border-red-500', text: 'text-red-400' },
  orange: { border: 'border-orange-500', text: 'text-orange-400' },
  green: { border: 'border-green-500', text: 'text-green-400' },
};

function TopPairItem({ pair, rank }: { pair: TopPair; rank: number }) {
  const colour = HEAT_COLOURS[heatBand(pair.heatScore)];
  return (
    <li>
      <Link
        to={heatmapPairHref(pair.pair)}
        className={`block rounded-lg border-l-4 bg-slate-900/70 p-5 transition-colors hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-orange-300 ${colour.border}`}
      >
        <span className="text-xs font-medium uppercase tracking-wide text-slate-500">#{rank}</span>
        <span className="mt-1 block text-xl font-semibold text-white">{pair.pair}</span>
        <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
          <Metric label="Heat" value={pair.heatScore.toFixed(2)} className={colour.text} />
          <Metric label="Success" value={`${pair.successRate.toFixed(2)}%`} />
          <Metric label="Progrev" value={pair.progrevScore.toFixed(2)} />
        </dl>
      </Link>
    </li>
  );
}

function Metric({
  label,
  value,
  className = 'text-slate-200',
}: {
  label: string;
  value: string;
  className?: string;
}) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className={`font-semibold ${className}`}>{value}</dd>
    </div>
  );
}
