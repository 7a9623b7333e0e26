import { PageTitle } from '../../../components/ui/page-title';

export function OfferAnalyticsPage() {
  return <PageTitle title="Offer Analytics" />;
}
