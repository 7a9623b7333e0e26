import { PageTitle } from '../../../components/ui/page-title';

export function PaymentsPage() {
  return <PageTitle title="Payments" />;
}
