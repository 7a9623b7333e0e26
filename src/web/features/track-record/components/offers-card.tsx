import type { TrackRecordOffer } from '../../../../contract/track-record';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { SectionCard } from '../../../components/ui/section-card';
import { offerColumns } from './offer-columns';

export const NO_MATCHING_OFFERS = 'No offer matches these filters.';

interface OffersCardProps {
  offers: readonly TrackRecordOffer[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** Every offer the filters match, newest first, with what it committed to and how it ended. */
export function OffersCard({ offers, total, hasMore, loadingMore, onLoadMore }: OffersCardProps) {
  return (
    <SectionCard
      title="Offers"
      actions={
        <span className="text-slate-400" data-testid="offers-shown">
          {offers.length} of {total} shown
        </span>
      }
    >
      <DataTable
        caption="Published offers, newest first"
        columns={offerColumns}
        rows={offers}
        rowKey={(o) => o.offerId}
        emptyText={NO_MATCHING_OFFERS}
      />
      {hasMore ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            disabled={loadingMore}
            aria-busy={loadingMore || undefined}
            onClick={onLoadMore}
          >
            {loadingMore ? 'Loading...' : 'Load More'}
          </Button>
        </div>
      ) : null}
    </SectionCard>
  );
}
