import type { Offer } from '../../../../contract/offers';
import { GateEmptyState } from '../../../components/gate-empty-state';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { capitalize, formatDateTime, formatDecimal, formatPercent } from '../../../lib/format';
import { RECENT_OFFERS_LOAD_ERROR, useRecentOffers } from '../api/get-recent-offers';

const numeric = 'text-right tabular-nums';

const COLUMNS: readonly Column<Offer>[] = [
  { key: 'pair', header: 'Pair', cell: (o) => o.pair, className: 'font-medium text-white' },
  {
    key: 'profit',
    header: 'Expected Profit',
    cell: (o) => formatPercent(o.expectedProfitPercent),
    className: numeric,
  },
  { key: 'risk', header: 'Risk Level', cell: (o) => capitalize(o.riskLevel) },
  { key: 'success', header: 'Success Rate', cell: (o) => formatPercent(o.successRate), className: numeric },
  { key: 'heat', header: 'Heat Score', cell: (o) => formatDecimal(o.heatScore), className: numeric },
  { key: 'status', header: 'Status', cell: (o) => capitalize(o.status) },
  { key: 'created', header: 'Created At', cell: (o) => formatDateTime(o.createdAt) },
];

/**
 * 'Recent Offers' (trader spec 2.6): the 5 newest offers, refreshed and updated live. A row opens
 * 'Offer Details' by click, or by Enter / Space when focused.
 */
export function RecentOffersTable({ onOpen }: { onOpen: (offer: Offer) => void }) {
  const offers = useRecentOffers();
  return (
    <SectionCard title="Recent Offers">
      {offers.isError && !offers.data ? (
        <LoadError title={RECENT_OFFERS_LOAD_ERROR} />
      ) : (
        <>
          <DataTable
            caption="Recent Offers"
            columns={COLUMNS}
            rows={offers.data?.data}
            rowKey={(offer) => offer.id}
            loading={offers.isPending}
            loadingText="Loading recent offers..."
            emptyText="No data available"
            onRowOpen={onOpen}
            rowLabel={(offer) => `${offer.pair} offer details`}
          />
          {offers.data?.data.length === 0 ? <GateEmptyState /> : null}
        </>
      )}
    </SectionCard>
  );
}
