import type { PublishedOutcomes } from '../../../../contract/signal-quality';
import { SectionCard } from '../../../components/ui/section-card';
import { formatPercent } from '../../../lib/format';

const ROWS: readonly {
  key: Exclude<keyof PublishedOutcomes, 'published'>;
  label: string;
  meaning: string;
}[] = [
  {
    key: 'succeeded',
    label: 'Succeeded',
    meaning:
      "a net gain at the horizon (a family's position), or take-profit before stop-loss (a bypass offer)",
  },
  {
    key: 'failed',
    label: 'Failed',
    meaning: 'no net gain at the horizon, or stop-loss first (a candle touching both counts as failed)',
  },
  { key: 'neither', label: 'Neither', meaning: 'a bypass offer that reached neither exit by the horizon' },
  {
    key: 'unscoreable',
    label: 'Unscoreable',
    meaning: 'can never be judged: no stored candles cover its window, or no entry was recorded',
  },
  {
    key: 'pending',
    label: 'Not scored yet',
    meaning: 'horizon not passed yet, or its candles still to come',
  },
];

/**
 * Every offer published in the range, accepted or not, by how it ended: the calibration above uses
 * only the first three rows, and this shows nothing was dropped to get there.
 */
export function PublishedOutcomesCard({ outcomes }: { outcomes: PublishedOutcomes }) {
  const share = (n: number) => (outcomes.published ? formatPercent((100 * n) / outcomes.published) : 'N/A');
  return (
    <SectionCard title="How every published offer actually ended">
      <p className="mb-4 text-sm text-slate-400">
        {outcomes.published === 0 ? (
          'No offers have been published in this range yet.'
        ) : (
          <>
            All <span data-testid="published-total">{outcomes.published}</span> offers published in this
            range, whether traders accepted, rejected or ignored them, so no failure is hidden.
          </>
        )}{' '}
        Only succeeded, failed and neither count in the calibration.
      </p>
      <div className="rounded-lg border border-slate-700">
        <table className="min-w-full divide-y divide-slate-700 text-left text-sm">
          <caption className="sr-only">Published offers by outcome</caption>
          <thead className="bg-slate-900/80 text-xs uppercase tracking-wide text-slate-400">
            <tr>
              <th scope="col" className="px-3 py-2.5 font-semibold">
                Outcome
              </th>
              <th scope="col" className="px-3 py-2.5 text-right font-semibold">
                Offers
              </th>
              <th scope="col" className="px-3 py-2.5 text-right font-semibold">
                Share
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-800 text-slate-200">
            {ROWS.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="px-3 py-2.5 font-normal">
                  <span className="block font-medium text-white">{row.label}</span>
                  <span className="block text-xs text-slate-400">{row.meaning}</span>
                </th>
                <td className="px-3 py-2.5 text-right align-top tabular-nums">{outcomes[row.key]}</td>
                <td className="px-3 py-2.5 text-right align-top tabular-nums">{share(outcomes[row.key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SectionCard>
  );
}
