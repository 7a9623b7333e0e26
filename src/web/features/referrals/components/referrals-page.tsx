import { PageTitle } from '../../../components/ui/page-title';

export function ReferralsPage() {
  return <PageTitle title="Referrals" />;
}
