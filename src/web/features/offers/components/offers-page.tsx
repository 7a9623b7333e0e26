import { PageTitle } from '../../../components/ui/page-title';

export function OffersPage() {
  return <PageTitle title="Crypto Offers Dashboard" />;
}
