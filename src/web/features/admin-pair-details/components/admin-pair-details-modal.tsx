import { useId, useState } from 'react';
import type { AdminPairDetails } from '../../../../contract/admin-pair-details';
import type { AdminHeatMapEntry } from '../../../../contract/heatmap';
import { serverErrorMessage } from '../../../lib/api-client';
import { InfoModal } from '../../../components/ui/info-modal';
import { StatusMessage } from '../../../components/ui/status-message';
import { AnalysesTable } from './analyses-table';
import { DatabaseTab } from './database-tab';
import { DetailsTabs, type DetailsTab } from './details-tabs';
import { PAIR_DETAILS_UNKNOWN_ERROR, useAdminPairDetails } from '../api/get-admin-pair-details';
import { HeatmapDataTab } from './heatmap-data-tab';
import { DailyRefereeTab, TickerRefereeTab } from './referee-tabs';
import { TickerHistoryTab } from './ticker-history-tab';

type TabId = 'analysis' | 'ticker' | 'daily' | 'history' | 'bypass' | 'heatmap' | 'database';

const TABS: readonly DetailsTab<TabId>[] = [
  { id: 'analysis', label: 'Analysis Results' },
  { id: 'ticker', label: 'Ticker Referee' },
  { id: 'daily', label: 'Daily Referee' },
  { id: 'history', label: 'Ticker History' },
  { id: 'bypass', label: 'Bypass Analyses' },
  { id: 'heatmap', label: 'Heatmap Data' },
  { id: 'database', label: 'Database Data' },
];

interface AdminPairDetailsModalProps {
  pair: string;
  /** The pair's heat-map entry as the calling screen holds it (the Heatmap Data tab). */
  entry: AdminHeatMapEntry | undefined;
  onClose: () => void;
}

/**
 * The richer pair details of the admin screens (trader spec 2.7, last item): seven tabs over the
 * server's pair details, plus the caller's heat-map entry.
 */
export function AdminPairDetailsModal({ pair, entry, onClose }: AdminPairDetailsModalProps) {
  const [tab, setTab] = useState<TabId>('analysis');
  const idPrefix = useId();
  const details = useAdminPairDetails(pair);
  return (
    <InfoModal title={`Pair Details: ${pair}`} size="wide" onClose={onClose}>
      <DetailsTabs tabs={TABS} active={tab} onChange={setTab} label="Pair details" idPrefix={idPrefix} />
      <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${tab}`}>
        {tab === 'heatmap' ? (
          <HeatmapDataTab entry={entry} />
        ) : details.isPending ? (
          <StatusMessage>Loading...</StatusMessage>
        ) : details.isError ? (
          <p role="alert" className="text-red-300">
            Failed to load pair details: {serverErrorMessage(details.error, PAIR_DETAILS_UNKNOWN_ERROR)}
          </p>
        ) : (
          <TabContent tab={tab} details={details.data} />
        )}
      </div>
    </InfoModal>
  );
}

function TabContent({ tab, details }: { tab: Exclude<TabId, 'heatmap'>; details: AdminPairDetails }) {
  switch (tab) {
    case 'analysis':
      return (
        <AnalysesTable
          caption="Analysis results"
          rows={details.analyses}
          emptyText="No analyses for this pair"
        />
      );
    case 'ticker':
      return <TickerRefereeTab referee={details.tickerReferee} />;
    case 'daily':
      return <DailyRefereeTab referee={details.dailyReferee} />;
    case 'history':
      return <TickerHistoryTab pair={details.pair} history={details.tickerHistory} />;
    case 'bypass':
      return (
        <AnalysesTable
          caption="Bypass analyses"
          rows={details.bypassAnalyses}
          emptyText="No bypass analyses for this pair"
        />
      );
    case 'database':
      return <DatabaseTab details={details} />;
  }
}
