import type { TrackRecordOffer } from '../../../../contract/track-record';
import { LoadError } from '../../../components/ui/load-error';
import { PageTitle } from '../../../components/ui/page-title';
import { StatusMessage } from '../../../components/ui/status-message';
import { serverErrorMessage } from '../../../lib/api-client';
import { TRACK_RECORD_ERROR, useTrackRecord } from '../api/get-track-record';
import { useTrackRecordFilters } from '../hooks/use-track-record-filters';
import { ChainHeadCard } from './chain-head-card';
import { EquityCurveCard } from './equity-curve-card';
import { FamiliesCard } from './families-card';
import { HeadlineFigures } from './headline-figures';
import { OffersCard } from './offers-card';
import { TrackRecordFilterBar } from './track-record-filter-bar';
import { TrackRecordIntro } from './track-record-intro';
import { VerifyCard } from './verify-card';

/**
 * A page can repeat the last row of the one before: an offer published between the two requests
 * pushes every offer one place down (newest first). Each offer is listed once.
 */
function uniqueOffers(pages: readonly { offers: { data: TrackRecordOffer[] } }[]): TrackRecordOffer[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.offers.data)
    .filter((offer) => !seen.has(offer.offerId) && seen.add(offer.offerId));
}

/**
 * /track-record, public: every offer published, committed to a hash chain before its outcome was
 * known, with the figures computed from that chain and the means to verify it offline.
 */
export function TrackRecordPage() {
  const { filters, setFilters } = useTrackRecordFilters();
  const record = useTrackRecord(filters);
  const pages = record.data?.pages;
  // The first page's figures go with the offsets of the pages after it.
  const first = pages?.[0];

  return (
    <>
      <PageTitle title="Track record" />
      <TrackRecordIntro />
      <div className="space-y-6">
        {record.isError && !first ? (
          <LoadError
            title={TRACK_RECORD_ERROR}
            detail={serverErrorMessage(record.error, TRACK_RECORD_ERROR)}
            onRetry={() => void record.refetch()}
          />
        ) : !first ? (
          <StatusMessage>Loading the track record...</StatusMessage>
        ) : (
          <>
            <ChainHeadCard head={first.head} startedAt={first.startedAt} />
            {first.head.count === 0 ? null : (
              <div className="space-y-6" aria-busy={record.isPlaceholderData || undefined}>
                <TrackRecordFilterBar filters={filters} options={first.options} onChange={setFilters} />
                <HeadlineFigures figures={first.figures} bypassOffers={first.bypassOffers} />
                <EquityCurveCard equity={first.equity} figures={first.figures} />
                <FamiliesCard families={first.families} />
                <OffersCard
                  offers={uniqueOffers(pages)}
                  total={first.offers.total}
                  hasMore={record.hasNextPage && !record.isPlaceholderData}
                  loadingMore={record.isFetchingNextPage}
                  onLoadMore={() => void record.fetchNextPage()}
                />
              </div>
            )}
          </>
        )}
        <VerifyCard />
      </div>
    </>
  );
}
