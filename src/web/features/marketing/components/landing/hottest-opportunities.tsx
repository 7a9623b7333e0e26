import { useHeatSummary } from '../../api/get-heat-summary';
import { useLiveHeatSummary } from '../../hooks/use-live-heat-summary';
import { LinkButton } from '../link-button';
import { PageContainer, SectionHeading } from '../page-container';
import { ChartPanel } from './chart-panel';

/** Landing "Hottest Market Opportunities" (spec 2.3): the top-3 chart panel over the live heat summary. */
export function HottestOpportunities() {
  const { data, isPending, isError } = useHeatSummary();
  useLiveHeatSummary();

  return (
    <section aria-labelledby="hottest-title" className="border-t border-slate-800 py-20">
      <PageContainer>
        <SectionHeading
          id="hottest-title"
          title="Hottest Market Opportunities"
          lead="The three pairs with the highest heat score over the last 7 days."
        />
        <div className="rounded-xl border border-slate-700 bg-slate-800/40 p-3 sm:p-6">
          {isPending ? (
            <p role="status" className="py-10 text-center text-slate-400">
              Loading market data...
            </p>
          ) : (
            <ChartPanel summary={isError ? null : data} />
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
