import { PageTitle } from '../../../components/ui/page-title';

export function ManagePairsPage() {
  return <PageTitle title="Manage Crypto Pairs" />;
}
