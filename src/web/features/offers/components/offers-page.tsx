import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PageLinks } from '../../../components/ui/page-links';
import { GateEmptyState } from '../../../components/gate-empty-state';
import { PageTitle } from '../../../components/ui/page-title';
import { SectionCard } from '../../../components/ui/section-card';
import { serverErrorMessage } from '../../../lib/api-client';
import { useLoadErrorToast } from '../../../lib/use-load-error';
import { useSocket } from '../../../lib/use-socket';
import { PREFERENCES_LOAD_ERROR, usePreferences } from '../../settings';
import { OFFERS_FETCH_ERROR, useOffers } from '../api/get-offers';
import { useTradingHalt } from '../api/get-trading-halt';
import { offersKeys } from '../api/query-keys';
import { useLiveOffers } from '../hooks/use-live-offers';
import { useLiveTradingHalt } from '../hooks/use-live-trading-halt';
import { useOfferActions } from '../hooks/use-offer-actions';
import { useOffersView } from '../hooks/use-offers-view';
import { flattenOffers } from '../lib/live-offers';
import { effectiveFilters } from '../lib/offer-filters';
import { countOffersByTab, offersInTab, tableTitle } from '../lib/offer-tabs';
import { matchesFilters, offersListQuery } from '../lib/offers-query';
import { AcceptedTradeNotice } from './accepted-trade-notice';
import { OfferDetailsModal } from './offer-details-modal';
import { PairDetailsModal } from '../../pair-details';
import { OfferFiltersPanel } from './offer-filters-panel';
import { OfferTabs } from './offer-tabs';
import { OffersTable } from './offers-table';
import { TradingHaltBanner } from './trading-halt-banner';

const LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/heatmap', label: 'Heatmap' },
  { to: '/settings', label: 'Settings' },
];

/**
 * Trader spec 2.7 'Crypto Offers Dashboard': the filters panel, the trader's live offers in tabs,
 * paged by 20 with 'Load More', live updates, and the offer-details modal to accept or reject. The
 * tab and filters live in the address bar; each set of filters is its own list, from page 1.
 */
export function OffersPage() {
  const { tab, filters, setTab, setFilters } = useOffersView();
  const panelId = useId();
  const [pair, setPair] = useState<string | null>(null);
  const preferences = usePreferences();
  const applied = effectiveFilters(filters, preferences.data);
  const query = offersListQuery(applied);
  // 'Use Preferences' asks for nothing until the preferences are known (if they fail to load, the
  // toast says so and the panel's own filters apply).
  const offers = useOffers(query, !(filters.usePrefs && preferences.isPending));
  const actions = useOfferActions(preferences.data?.defaultAutoCloseProfitPercent);
  const halt = useTradingHalt();
  const socket = useSocket();
  useLiveOffers(socket, offersKeys.listFor(query), (offer) => matchesFilters(offer, applied));
  useLiveTradingHalt(socket);
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
      <TradingHaltBanner halt={halt.data} />
      {actions.lastAccepted ? <AcceptedTradeNotice accepted={actions.lastAccepted} /> : null}
      <OfferFiltersPanel filters={filters} applied={applied} onChange={setFilters} />
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
                onPair={setPair}
                onAccept={actions.open}
                onReject={actions.rejectOffer}
                busyOfferId={actions.busyOfferId}
              />
              {!offers.isPending && loaded.length === 0 ? <GateEmptyState /> : null}
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
      {pair ? <PairDetailsModal pair={pair} onClose={() => setPair(null)} /> : null}
    </>
  );
}
