import { useState } from 'react';
import { Link } from 'react-router';
import type { Offer } from '../../../../contract/offers';
import { buttonClasses } from '../../../components/ui/button';
import { PageTitle } from '../../../components/ui/page-title';
import { useAuth } from '../../../lib/auth/use-auth';
import { useLoadErrorToast } from '../../../lib/use-load-error';
import { PairDetailsModal } from '../../pair-details';
import { PREFERENCES_LOAD_ERROR, usePreferences } from '../../settings';
import { RECENT_OFFERS_LOAD_ERROR, useRecentOffers } from '../api/get-recent-offers';
import { STATS_LOAD_ERROR, useStats } from '../api/get-stats';
import { TOP_PAIRS_LOAD_ERROR, useTopPairs } from '../api/get-top-pairs';
import { useDashboardLive } from '../hooks/use-dashboard-live';
import { AnalysisProgressTable } from './analysis-progress-table';
import { OfferSummaryModal } from './offer-summary-modal';
import { RecentOffersTable } from './recent-offers-table';
import { StatsTable } from './stats-table';
import { TopPairsTable } from './top-pairs-table';

/**
 * Trader spec 2.6: the greeting and links, then 'Your Stats', 'Top Hot Pairs', 'Recent Offers' and,
 * once analyses report live, 'Analysis Progress'. A top pair opens the pair-details modal, a recent
 * offer its read-only details.
 */
export function DashboardPage() {
  const { user, isAdmin } = useAuth();
  const name = user?.firstName || user?.username || 'User';
  const [pair, setPair] = useState<string | null>(null);
  const [offer, setOffer] = useState<Offer | null>(null);
  const analysis = useDashboardLive();
  const preferences = usePreferences();
  // Without preferences the top pairs are simply not filtered.
  const positionTypes = preferences.isError ? [] : preferences.data?.preferredPositionTypes;
  useDashboardLoadErrors(positionTypes);

  return (
    <>
      <PageTitle title={`Welcome, ${name}`} />
      <nav aria-label="Dashboard shortcuts" className="mb-6 flex flex-wrap gap-3">
        <Link to="/offers" className={buttonClasses('primary')}>
          View Offers
        </Link>
        <Link to="/heatmap" className={buttonClasses('secondary')}>
          View Heatmap
        </Link>
        <Link to="/settings" className={buttonClasses('secondary')}>
          Settings
        </Link>
        {isAdmin ? (
          <Link to="/admin" className={buttonClasses('secondary')}>
            Admin Dashboard
          </Link>
        ) : null}
      </nav>
      <div className="grid grid-cols-1 gap-6">
        <StatsTable />
        <TopPairsTable positionTypes={positionTypes} onOpenPair={setPair} />
        <RecentOffersTable onOpen={setOffer} />
        <AnalysisProgressTable rows={analysis} />
      </div>
      {pair ? <PairDetailsModal pair={pair} onClose={() => setPair(null)} /> : null}
      {offer ? <OfferSummaryModal offer={offer} onClose={() => setOffer(null)} /> : null}
    </>
  );
}

/** One toast per failing load (trader spec 8), and back to sign-in on a 401. */
function useDashboardLoadErrors(positionTypes: Parameters<typeof useTopPairs>[0]) {
  useLoadErrorToast(useStats().error, { fallback: STATS_LOAD_ERROR, toastId: 'dashboard-stats-error' });
  useLoadErrorToast(usePreferences().error, {
    fallback: PREFERENCES_LOAD_ERROR,
    toastId: 'dashboard-preferences-error',
  });
  useLoadErrorToast(useTopPairs(positionTypes).error, {
    fallback: TOP_PAIRS_LOAD_ERROR,
    toastId: 'dashboard-top-pairs-error',
  });
  useLoadErrorToast(useRecentOffers().error, {
    fallback: RECENT_OFFERS_LOAD_ERROR,
    toastId: 'dashboard-offers-error',
  });
}
