import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PageLinks } from '../../../components/ui/page-links';
import { PageTitle } from '../../../components/ui/page-title';
import { SectionCard } from '../../../components/ui/section-card';
import { serverErrorMessage, useLoadErrorToast } from '../../../lib/use-load-error';
import { PREFERENCES_LOAD_ERROR, useOfferPreferences } from '../api/get-offer-preferences';
import { OFFERS_FETCH_ERROR, useOffers } from '../api/get-offers';
import { useLiveOffers } from '../hooks/use-live-offers';
import { useOfferActions } from '../hooks/use-offer-actions';
import { flattenOffers } from '../lib/live-offers';
import {
  DEFAULT_OFFER_TAB,
  countOffersByTab,
  offersInTab,
  tableTitle,
  type OfferTab,
} from '../lib/offer-tabs';
import { AcceptedTradeNotice } from './accepted-trade-notice';
import { OfferDetailsModal } from './offer-details-modal';
import { OfferTabs } from './offer-tabs';
import { OffersTable } from './offers-table';

const LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/heatmap', label: 'Heatmap' },
  { to: '/settings', label: 'Settings' },
];

/**
 * Trader spec 2.7 'Crypto Offers Dashboard': the trader's live offers in tabs, paged by 20 with
 * 'Load More', live updates, and the offer-details modal to accept or reject. The filters panel,
 * its address-bar state and the pair-details modal come later: the filters will join the list
 * query (`useOffers`) and the tab state below will move to the address bar.
 */
export function OffersPage() {
  const [tab, setTab] = useState<OfferTab>(DEFAULT_OFFER_TAB);
  const panelId = useId();
  const offers = useOffers();
  const preferences = useOfferPreferences();
  const actions = useOfferActions(preferences.data?.defaultAutoCloseProfitPercent);
  useLiveOffers();
  useLoadErrorToast(offers.error, { fallback: OFFERS_FETCH_ERROR, toastId: 'offers-error' });
  useLoadErrorToast(preferences.error, {
    fallback: PREFERENCES_LOAD_ERROR,
    toastId: 'offers-preferences-error',
  });

  const loaded = flattenOffers(offers.data);
  const counts = countOffersByTab(loaded);
  const shown = offersInTab(loaded, tab);

  return (
    <>
      <PageTitle title="Crypto Offers Dashboard" />
      <PageLinks label="Offers links" links={LINKS} />
      {actions.lastAccepted ? <AcceptedTradeNotice accepted={actions.lastAccepted} /> : null}
      {offers.isError && !offers.data ? (
        <LoadError title={`Error loading offers: ${serverErrorMessage(offers.error, OFFERS_FETCH_ERROR)}`} />
      ) : (
        <>
          <OfferTabs active={tab} counts={counts} onChange={setTab} panelId={panelId} />
          <div id={panelId} role="tabpanel" aria-labelledby={`offers-tab-${tab}`}>
            <SectionCard title={tableTitle(tab, shown.length)}>
              <OffersTable
                caption={tableTitle(tab, shown.length)}
                offers={shown}
                loading={offers.isPending}
                onOpen={actions.open}
                onAccept={actions.open}
                onReject={actions.rejectOffer}
                busyOfferId={actions.busyOfferId}
              />
              {offers.hasNextPage ? (
                <div className="mt-4 flex justify-center">
                  <Button
                    variant="secondary"
                    disabled={offers.isFetchingNextPage}
                    aria-busy={offers.isFetchingNextPage || undefined}
                    onClick={() => void offers.fetchNextPage()}
                  >
                    {offers.isFetchingNextPage ? 'Loading...' : 'Load More'}
                  </Button>
                </div>
              ) : null}
            </SectionCard>
          </div>
        </>
      )}
      {actions.selected ? (
        <OfferDetailsModal
          offer={actions.selected}
          values={actions.values}
          errors={actions.errors}
          refusal={actions.refusal}
          onChange={actions.change}
          onAccept={actions.acceptSelected}
          onReject={() => actions.rejectOffer(actions.selected!)}
          onClose={actions.close}
          accepting={actions.accepting}
          rejecting={actions.rejecting}
        />
      ) : null}
    </>
  );
}
