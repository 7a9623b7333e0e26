import { PageTitle } from '../../../components/ui/page-title';

export function TradesPage() {
  return <PageTitle title="Your Trades" />;
}
