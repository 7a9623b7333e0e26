import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { AdminPairDetailsModal } from '../../admin-pair-details';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PageTitle } from '../../../components/ui/page-title';
import { SectionCard } from '../../../components/ui/section-card';
import { serverErrorMessage } from '../../../lib/api-client';
import { useLoadErrorToast } from '../../../lib/use-load-error';
import { exportHeatmapCsv } from '../../../lib/heatmap-csv';
import { HeatMapChart } from '../../heatmap';
import { ANALYTICS_FETCH_ERROR, useAdminHeatMap } from '../api/get-admin-heat-map';
import { useLiveAnalytics } from '../hooks/use-live-analytics';
import {
  DEFAULT_ANALYTICS_FILTERS,
  analyticsQuery,
  selectAnalytics,
  type AnalyticsFilters,
} from '../lib/analytics-filters';
import { sortByColumn, toggleSort, type ColumnSort } from '../lib/column-sort';
import { AnalyticsControls } from './analytics-controls';
import { AnalyticsTable } from './analytics-table';

/**
 * Admin spec 2, Offer Analytics: the admin heat map (with each pair's recent errors) under the
 * spec's filters, as a treemap and a sortable table, kept live by heatmap_update. A pair's details
 * close by themselves when the pair leaves the filters.
 */
export function OfferAnalyticsPage() {
  const [filters, setFilters] = useState<AnalyticsFilters>(DEFAULT_ANALYTICS_FILTERS);
  const [columnSort, setColumnSort] = useState<ColumnSort | null>(null);
  const [openPair, setOpenPair] = useState<string | null>(null);
  const query = useMemo(() => analyticsQuery(filters), [filters]);
  const heatMap = useAdminHeatMap(query);
  useLiveAnalytics(query);
  useLoadErrorToast(heatMap.error, { fallback: ANALYTICS_FETCH_ERROR, toastId: 'analytics-error' });

  const shown = useMemo(
    () => (heatMap.data ? selectAnalytics(Object.values(heatMap.data), filters) : undefined),
    [heatMap.data, filters],
  );
  const rows = useMemo(() => (shown ? sortByColumn(shown, columnSort) : undefined), [shown, columnSort]);
  const settled = shown !== undefined && !heatMap.isPlaceholderData;
  const [closed, setClosed] = useState<{ pair: string } | null>(null);
  // Adjusted while rendering (not in an effect), so the modal never shows a pair the filters dropped.
  if (openPair !== null && settled && !shown.some((e) => e.pair === openPair)) {
    setOpenPair(null);
    setClosed({ pair: openPair });
  }
  useEffect(() => {
    if (closed) toast.info(`Closed details for ${closed.pair} as it no longer matches filters.`);
  }, [closed]);

  const open = useCallback((pair: string) => setOpenPair(pair), []);
  const exportCsv = () => {
    exportHeatmapCsv(rows ?? []);
    toast.success('Heatmap exported successfully');
  };

  return (
    <>
      <PageTitle title="Offer Analytics">
        <Link to="/admin/pair-status" className={buttonClasses('secondary')}>
          All-Seeing Eye
        </Link>
      </PageTitle>
      <div className="space-y-6">
        <SectionCard title="Filters">
          <AnalyticsControls
            filters={filters}
            onChange={setFilters}
            actions={
              <>
                <Button variant="secondary" disabled={!rows} onClick={exportCsv}>
                  Export Heatmap
                </Button>
                <Button variant="secondary" onClick={() => toast.info('Bulk close offers implemented')}>
                  Close Selected Offers
                </Button>
              </>
            }
          />
        </SectionCard>
        {heatMap.isError && !heatMap.data ? (
          <LoadError
            title={ANALYTICS_FETCH_ERROR}
            detail={serverErrorMessage(heatMap.error, ANALYTICS_FETCH_ERROR)}
          />
        ) : (
          <>
            {shown && shown.length > 0 ? (
              <SectionCard title="Heat Map">
                <HeatMapChart entries={shown} onOpen={open} />
              </SectionCard>
            ) : null}
            <SectionCard title="Heatmap of Active Pairs">
              <p className="-mt-2 mb-4 text-sm text-slate-400">
                Current status, scores, and trends for active pairs with enabled analysis.
              </p>
              <AnalyticsTable
                entries={rows}
                loading={heatMap.isPending}
                sort={columnSort}
                onSort={(key) => setColumnSort((current) => toggleSort(current, key))}
                onOpen={open}
              />
            </SectionCard>
          </>
        )}
      </div>
      {openPair ? (
        <AdminPairDetailsModal
          pair={openPair}
          entry={shown?.find((e) => e.pair === openPair)}
          onClose={() => setOpenPair(null)}
        />
      ) : null}
    </>
  );
}
