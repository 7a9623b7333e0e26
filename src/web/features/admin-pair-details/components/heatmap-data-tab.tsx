import type { AdminHeatMapEntry } from '../../../../contract/heatmap';
import { capitalize, formatPositionType } from '../../../lib/format';
import { DetailRow } from '../../../components/ui/detail-row';
import { adminFormat } from '../../../lib/admin-format';

/** Heatmap Data: the pair's heat-map entry as the calling screen holds it. */
export function HeatmapDataTab({ entry }: { entry: AdminHeatMapEntry | undefined }) {
  if (!entry) return <p className="text-slate-400">No heatmap data for this pair</p>;
  const t = entry.tickerData;
  const rows: [string, string][] = [
    ['Heat Score', adminFormat.score(entry.heatScore)],
    ['Success Rate', adminFormat.score(entry.successRate)],
    ['Progrev Score', adminFormat.score(entry.progrevScore)],
    ['Position Type', formatPositionType(entry.positionType)],
    ['Trend', capitalize(entry.refereeTrend)],
    ['Risk Level', capitalize(entry.refereeRisk)],
    ['Referee Comment', adminFormat.text(entry.refereeComment)],
    ['Status', capitalize(entry.status)],
    ['Density', adminFormat.score(entry.density)],
    ['7D Price', adminFormat.price(t.price_7d)],
    ['7D Change %', adminFormat.percentage(t.change_7d)],
    ['7D Volume (USD)', adminFormat.money(t.volume_7d)],
    ['7D Volatility %', adminFormat.percentage(t.volatility_7d)],
    ['Active Triggers', adminFormat.list(entry.activeTriggers)],
    ['AI Comments', adminFormat.text(entry.aiComments.summary)],
    ['Last Updated', adminFormat.date(entry.lastUpdated)],
  ];
  return (
    <div className="space-y-4">
      <dl aria-label="Heatmap entry" className="space-y-2 text-sm">
        {rows.map(([term, value]) => (
          <DetailRow key={term} term={term}>
            {value}
          </DetailRow>
        ))}
      </dl>
      <section aria-label="Recent errors">
        <h3 className="mb-2 text-sm font-semibold text-slate-200">Recent Errors</h3>
        {entry.recentErrors.length === 0 ? (
          <p className="text-sm text-slate-400">No recent errors</p>
        ) : (
          <ul className="space-y-1 text-sm text-red-300">
            {entry.recentErrors.map((e) => (
              <li key={`${e.at}-${e.error}`}>
                {adminFormat.date(e.at)}: {e.error}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
