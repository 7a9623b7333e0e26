import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { LoadError } from '../../../components/ui/load-error';
import { PageTitle } from '../../../components/ui/page-title';
import { SectionCard } from '../../../components/ui/section-card';
import { serverErrorMessage } from '../../../lib/api-client';
import { useLoadErrorToast } from '../../../lib/use-load-error';
import { PairDetailsModal } from '../../pair-details';
import { HEATMAP_FETCH_ERROR, useHeatMap } from '../api/get-heat-map';
import { useHeatmapFilters } from '../hooks/use-heatmap-filters';
import { useLiveHeatMap } from '../hooks/use-live-heat-map';
import { exportHeatmapCsv } from '../../../lib/heatmap-csv';
import { searchFromLink } from '../lib/heatmap-filters';
import { HeatMapChart } from './heat-map-chart';
import { HeatmapControls } from './heatmap-controls';
import { HeatmapTable } from './heatmap-table';

/**
 * Trader spec 2.8, the heat map screen: filters sent to the server, a treemap and a table of the
 * pairs that pass them, live changes, CSV export, and each pair's detail dialog. `?pair=` (from
 * the landing page) sets the search to that pair and opens its dialog (spec README decision).
 */
export function HeatmapPage() {
  const [params, setParams] = useSearchParams();
  const [linkedPair] = useState(() => searchFromLink(params.get('pair')));
  const { filters, searchText, setSearchText, choose, setBound } = useHeatmapFilters(linkedPair);
  const [openPair, setOpenPair] = useState<string | null>(linkedPair || null);
  const heatMap = useHeatMap(filters);
  useLiveHeatMap(filters);
  useLoadErrorToast(heatMap.error, { fallback: HEATMAP_FETCH_ERROR, toastId: 'heatmap-error' });

  const entries = useMemo(() => (heatMap.data ? Object.values(heatMap.data) : undefined), [heatMap.data]);
  const open = useCallback((pair: string) => setOpenPair(pair), []);
  const close = () => {
    setOpenPair(null);
    if (params.has('pair'))
      setParams(
        (current) => {
          current.delete('pair');
          return current;
        },
        { replace: true },
      );
  };
  const exportCsv = () => {
    exportHeatmapCsv(entries ?? []);
    toast.success('Heatmap exported successfully');
  };

  return (
    <>
      <PageTitle title="Heatmap" />
      <div className="space-y-6">
        <SectionCard title="Filters">
          <HeatmapControls
            filters={filters}
            searchText={searchText}
            onSearchText={setSearchText}
            onChoose={choose}
            onBound={setBound}
            onExport={exportCsv}
          />
        </SectionCard>
        {heatMap.isError && !heatMap.data ? (
          <LoadError title={serverErrorMessage(heatMap.error, HEATMAP_FETCH_ERROR)} />
        ) : (
          <>
            {entries && entries.length > 0 ? (
              <SectionCard title="Market Heat Map">
                <HeatMapChart entries={entries} onOpen={open} />
              </SectionCard>
            ) : null}
            <SectionCard title={entries ? `Pairs (${entries.length})` : 'Pairs'}>
              <HeatmapTable entries={entries} busy={heatMap.isPlaceholderData} onOpen={open} />
            </SectionCard>
          </>
        )}
      </div>
      {openPair ? <PairDetailsModal pair={openPair} onClose={close} /> : null}
    </>
  );
}
