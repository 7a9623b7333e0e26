import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { ManageTriggerFormInput } from '../../../../contract/admin-triggers';
import type { AdminHeatMap, AdminHeatMapEntry } from '../../../../contract/heatmap';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { adminFormat } from '../../../lib/admin-format';
import { mergeAdminLiveMessage, refetchesHeatMap } from '../../../lib/admin-live-merge';
import { serverErrorMessage } from '../../../lib/api-client';
import { capitalize } from '../../../lib/format';
import { exportHeatmapCsv } from '../../../lib/heatmap-csv';
import { useAdminLiveStream } from '../../../lib/use-admin-live-stream';
import { AdminPairDetailsModal } from '../../admin-pair-details';
import { useTriggerChange } from '../../admin-settings';
import { eyeHeatMapKey, useEyeHeatMap } from '../api/get-eye-heat-map';
import type { TabContext } from '../lib/collection-context';

/** An analysis request for the pair on the default 1h timeframe (admin spec 9). */
const analysisRequest = (pair: string): ManageTriggerFormInput => ({
  action: 'add',
  type: 'advisor_request',
  symbol: pair,
  parameters: { timeframe: '1h' },
});

/**
 * The Heatmap tab: one card per pair with its figures and a 'Trigger Analysis' button, kept live
 * by the admin event stream while it is shown (analysis progress toasts, errors, pairs leaving).
 */
export function HeatmapTab({ params }: TabContext) {
  const queryKey = eyeHeatMapKey(params);
  const client = useQueryClient();
  useAdminLiveStream((message) => {
    client.setQueryData<AdminHeatMap>(queryKey, (held) =>
      held ? mergeAdminLiveMessage(held, message) : held,
    );
    if (refetchesHeatMap(message)) void client.invalidateQueries({ queryKey });
  });
  const query = useEyeHeatMap(params);
  const trigger = useTriggerChange();
  const entries = Object.values(query.data ?? {});
  const [openPair, setOpenPair] = useState<string | null>(null);
  const onExport = () => {
    exportHeatmapCsv(entries);
    toast.success('Heatmap exported successfully');
  };
  return (
    <div className="space-y-4">
      <Button variant="secondary" onClick={onExport} disabled={entries.length === 0}>
        Export Heatmap
      </Button>
      {query.error ? (
        <LoadError title="Failed to fetch analytics" detail={serverErrorMessage(query.error, '')} />
      ) : null}
      {query.isPending ? <p className="text-slate-400">Loading...</p> : null}
      {query.data && entries.length === 0 ? <p className="text-slate-400">No data available</p> : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {entries.map((entry) => (
          <HeatCard
            key={entry.pair}
            entry={entry}
            busy={trigger.isPending}
            onTrigger={() => trigger.mutate(analysisRequest(entry.pair))}
            onDetails={() => setOpenPair(entry.pair)}
          />
        ))}
      </ul>
      {openPair ? (
        <AdminPairDetailsModal
          pair={openPair}
          entry={query.data?.[openPair]}
          onClose={() => setOpenPair(null)}
        />
      ) : null}
    </div>
  );
}

interface HeatCardProps {
  entry: AdminHeatMapEntry;
  busy: boolean;
  onTrigger: () => void;
  onDetails: () => void;
}

function HeatCard({ entry, busy, onTrigger, onDetails }: HeatCardProps) {
  const figures: [string, string][] = [
    ['Heat Score', adminFormat.score(entry.heatScore)],
    ['Progrev Score', adminFormat.score(entry.progrevScore)],
    ['Trend', capitalize(entry.refereeTrend)],
    ['Risk Level', capitalize(entry.refereeRisk)],
    ['7D Change %', adminFormat.score(entry.tickerData.change_7d)],
    ['Errors', String(entry.recentErrors.length)],
    ['Density', adminFormat.score(entry.density)],
    ['Status', entry.status ? capitalize(entry.status) : 'Idle'],
  ];
  return (
    <li className="rounded-lg border border-slate-700 bg-slate-900/60 p-4">
      <h3 className="text-lg font-semibold text-white">{entry.pair}</h3>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        {figures.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-400">{label}</dt>
            <dd className="text-right text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onDetails}>
          Details<span className="sr-only"> for {entry.pair}</span>
        </Button>
        <Button disabled={busy} onClick={onTrigger}>
          Trigger Analysis<span className="sr-only"> for {entry.pair}</span>
        </Button>
      </div>
    </li>
  );
}
