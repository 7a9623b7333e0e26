import type { PositionType } from '../../../../contract/enums';
import type { HeatMapEntry } from '../../../../contract/heatmap';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import {
  capitalize,
  formatDecimal,
  formatLongDateTime,
  formatPercent,
  formatPositionType,
} from '../../../lib/format';
import { serverErrorMessage } from '../../../lib/api-client';
import { TOP_PAIRS_LOAD_ERROR, useTopPairs } from '../api/get-top-pairs';
import { topPairRows } from '../lib/top-pairs';

const numeric = 'text-right tabular-nums';

function columns(onOpenPair: (pair: string) => void): Column<HeatMapEntry>[] {
  return [
    {
      key: 'pair',
      header: 'Pair',
      cell: (entry) => (
        <button
          type="button"
          onClick={() => onOpenPair(entry.pair)}
          aria-label={`${entry.pair} pair details`}
          className="font-medium text-orange-300 underline decoration-orange-300/40 underline-offset-4 hover:text-orange-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-400"
        >
          {entry.pair}
        </button>
      ),
    },
    { key: 'heat', header: 'Heat Score', cell: (e) => formatDecimal(e.heatScore), className: numeric },
    { key: 'success', header: 'Success Rate', cell: (e) => formatPercent(e.successRate), className: numeric },
    { key: 'position', header: 'Position Type', cell: (e) => formatPositionType(e.positionType) },
    {
      key: 'progrev',
      header: 'Progrev Score',
      cell: (e) => formatDecimal(e.progrevScore),
      className: numeric,
    },
    { key: 'trend', header: 'Trend', cell: (e) => capitalize(e.refereeTrend) },
    { key: 'risk', header: 'Risk Level', cell: (e) => capitalize(e.refereeRisk) },
    { key: 'updated', header: 'Last Updated', cell: (e) => formatLongDateTime(e.lastUpdated) },
  ];
}

interface TopPairsTableProps {
  /** The trader's preferred position types; undefined while the preferences load. */
  positionTypes: readonly PositionType[] | undefined;
  onOpenPair: (pair: string) => void;
}

/** 'Top Hot Pairs' (trader spec 2.6): the 3 hottest pairs of the week, live. */
export function TopPairsTable({ positionTypes, onOpenPair }: TopPairsTableProps) {
  const topPairs = useTopPairs(positionTypes);
  return (
    <SectionCard title="Top Hot Pairs">
      {topPairs.isError && !topPairs.data ? (
        <LoadError title={serverErrorMessage(topPairs.error, TOP_PAIRS_LOAD_ERROR)} />
      ) : (
        <DataTable
          caption="Top Hot Pairs"
          columns={columns(onOpenPair)}
          rows={topPairs.data ? topPairRows(topPairs.data, positionTypes ?? []) : undefined}
          rowKey={(entry) => entry.pair}
          loading={topPairs.isPending}
          loadingText="Loading top pairs..."
          emptyText="No data available"
        />
      )}
    </SectionCard>
  );
}
